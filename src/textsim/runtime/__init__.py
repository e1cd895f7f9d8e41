"""Where and how computation runs: the Keras backend (backend), numba's kernel cache and
LLVM intrinsics (jit, intrinsics), training that survives interruption (checkpoint),
the machine and the job's process (machine)."""
