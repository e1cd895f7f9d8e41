"""What every module uses: atomic files, input errors and logging (io), a stage's
settings as one checked object (options)."""
