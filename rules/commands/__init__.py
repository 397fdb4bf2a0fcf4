"""One module per group of CLI commands; each exposes `register(subparsers)`."""
