#!/bin/sh
# First start of the PostgreSQL container: the login role the API uses, with its password.
# The migrations create it only when missing and never touch the password.
set -e
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<SQL
create role bk_authenticator login noinherit password '${AUTHENTICATOR_PASSWORD}';
SQL
