"""Report foundations shared by every paper: the table writers and the figure style."""
