"""View-models: typed scoring results in, display-ready values out, for screen and paper."""
