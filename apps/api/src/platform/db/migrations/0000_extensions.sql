-- Trigram search for names and identifiers (later issues). PGlite needs the extension passed at create time.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
