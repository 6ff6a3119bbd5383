"""SQLite through sqlite-utils: connections, migrations, the one write path, rows by kind."""
