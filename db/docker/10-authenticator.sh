#!/bin/sh
# First start of the PostgreSQL container: the login role the API uses, with its password.
# The migrations create it only when missing and never touch the password.
# The password reaches psql as a variable and is quoted by psql (:'pw'), never pasted into the
# SQL text, so any character is safe in it.
set -e
: "${AUTHENTICATOR_PASSWORD:?set AUTHENTICATOR_PASSWORD (the bk_authenticator role password; e.g. openssl rand -hex 24)}"
psql -v ON_ERROR_STOP=1 -v pw="$AUTHENTICATOR_PASSWORD" --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<'SQL'
create role bk_authenticator login noinherit password :'pw';
SQL
