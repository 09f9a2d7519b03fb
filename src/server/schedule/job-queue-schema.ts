/** The PostgreSQL schema that holds pg-boss's tables (drizzle/0028_job_queue.sql creates it). */
export const JOB_QUEUE_SCHEMA = 'pgboss';
