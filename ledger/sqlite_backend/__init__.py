"""Django's SQLite backend, with new database files made readable by their owner only."""
