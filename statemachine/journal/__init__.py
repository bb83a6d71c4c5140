"""The journal and its durability: the SQLite rows, the session that writes them first, snapshots, the -wal check."""
