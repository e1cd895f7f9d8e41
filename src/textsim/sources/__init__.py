"""Where each external input comes from: the resource registry and its checksums
(resources), downloads and the archive cache (fetching), inputs prepared from an
official download (official), the offline mirror (mirror), and the decision, before the
first job, of which source serves each input (provision)."""
