"""django-tables2 tables and the report pages built on them."""
