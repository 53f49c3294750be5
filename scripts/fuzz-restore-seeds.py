#!/usr/bin/env python3
"""Seeds for `make fuzz`'s fuzz-restore target: whatsnew backups at schemas 1 to 3 and hostile ones.

Usage: fuzz-restore-seeds.py <corpus directory>. The CREATE TABLE text is Migrations.swift's,
word for word (restore compares it exactly). Pages are 512 bytes, so the seeds stay small.
"""
import os
import sqlite3
import sys
import tempfile

STEPS = [
    "CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE app_state(key TEXT PRIMARY KEY, value TEXT NOT NULL);",
    "CREATE TABLE whats_new(id INTEGER PRIMARY KEY CHECK (id = 1), seen_through TEXT NOT NULL);",
    "CREATE TABLE guidance_seen(id TEXT PRIMARY KEY);"
    "CREATE TABLE notifications(id TEXT PRIMARY KEY, weekday TEXT NOT NULL, hour INTEGER NOT NULL, minute INTEGER NOT NULL);",
]
ROWS = [
    "INSERT INTO settings VALUES ('app.units', 'imperial'), ('app.language', 'nl');"
    "INSERT INTO app_state VALUES ('onboarding_complete', 'true'), ('walkthrough_completed', 'true');",
    "INSERT INTO whats_new VALUES (1, '2.13.1');",
    "INSERT INTO guidance_seen VALUES ('finance_intro');"
    "INSERT INTO notifications VALUES ('weekly_review', 'wednesday', 19, 15);",
]
HOSTILE = {
    "trigger": "CREATE TRIGGER rewind AFTER INSERT ON settings BEGIN UPDATE whats_new SET seen_through = '0.0.1'; END;",
    "view": "CREATE VIEW peek AS SELECT * FROM settings;",
    "virtual": "DROP TABLE settings; CREATE VIRTUAL TABLE settings USING fts4(key, value);",
    "no-key": "DROP TABLE settings; CREATE TABLE settings(key TEXT, value TEXT NOT NULL);",
    "extra-table": "CREATE TABLE extra(x);",
    "index": "CREATE INDEX by_value ON settings(value);",
    "wal": "PRAGMA journal_mode = WAL;",
}


def backup(path, version, extra=""):
    c = sqlite3.connect(path, isolation_level=None)
    c.execute("PRAGMA page_size = 512")
    for step in range(version):
        c.executescript(STEPS[step] + ROWS[step])
    c.execute(f"PRAGMA user_version = {version}")
    if extra:
        c.executescript(extra)
    c.close()


def main():
    corpus = sys.argv[1]
    os.makedirs(corpus, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        seeds = [(f"schema{v}", v, "") for v in (1, 2, 3)] + [(name, 3, sql) for name, sql in HOSTILE.items()]
        for name, version, extra in seeds:
            path = os.path.join(scratch, name)
            backup(path, version, extra)
            with open(path, "rb") as source, open(os.path.join(corpus, name), "wb") as target:
                target.write(source.read())
        # A forged page count (as if 4096 pages), most of them on the free list.
        with open(os.path.join(corpus, "schema3"), "rb") as source:
            data = bytearray(source.read())
        data[28:32] = (4096).to_bytes(4, "big")
        data[36:40] = (4000).to_bytes(4, "big")
        with open(os.path.join(corpus, "forged-pages"), "wb") as target:
            target.write(data)


if __name__ == "__main__":
    main()
