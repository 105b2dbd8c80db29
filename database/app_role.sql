-- Rights of the application's own PostgreSQL role (issue 8, point 12).
--
-- Two roles: the owner of the database runs the migrations (DDL); the app
-- connects as a second role that may only read and append to the audit log
-- (no UPDATE, DELETE, TRUNCATE, ALTER or DROP on it) and has normal read and
-- write rights on every other table. Run this file as the owner, connected to
-- the app's database, after the migrations; again after later migrations does
-- no harm:
--
--   psql "postgres://kalibra_owner@127.0.0.1:5432/kalibra" -v app_role=kalibra_app -f database/app_role.sql

GRANT USAGE ON SCHEMA public TO :"app_role";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app_role";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app_role";

-- The audit log: read and append, nothing else.
REVOKE ALL ON TABLE audit_logs FROM :"app_role";
GRANT SELECT, INSERT ON TABLE audit_logs TO :"app_role";
REVOKE ALL ON SEQUENCE audit_logs_id_seq FROM :"app_role";
GRANT USAGE, SELECT ON SEQUENCE audit_logs_id_seq TO :"app_role";

-- Tables and sequences that later migrations create get the normal rights.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO :"app_role";
