"""Ways out on paper and in files: the PDF sheet and pad, CSV and JSON, from a document alone."""
