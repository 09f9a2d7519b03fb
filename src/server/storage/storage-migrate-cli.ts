// `npm run storage:migrate`: copies the local files (DATA_DIR/files) into the STORAGE_URL bucket,
// reads each back and compares SHA-256s. Exit 0 when every file verified, 1 on any mismatch or
// failure (run it again: copying is idempotent), 2 when STORAGE_URL names no bucket.
import { loadConfig } from '#server/config/config.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { S3FileStore } from './s3-file-store.ts';
import { migrateLocalFiles } from './storage-migrate.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
if (config.storage.kind !== 's3') {
  console.error('STORAGE_URL must name the bucket to copy into: s3://<bucket>[/<prefix>]');
  process.exit(2);
}
const source = createLocalFileStore(config.dataDir);
const target = new S3FileStore(config.storage);
const where = `s3://${config.storage.bucket}/${config.storage.prefix}`;
console.log(`Copying ${source.root} to ${where}`);
const report = await migrateLocalFiles(source, target, (line) => console.error(line));
target.close();
for (const { key, reason } of report.failed) console.error(`FAILED ${key}: ${reason}`);
for (const key of report.skipped) console.error(`SKIPPED ${key}: not a storage key`);
console.log(
  `${report.verified} verified, ${report.mismatched.length} mismatched, ${report.failed.length} failed, ${report.skipped.length} skipped`,
);
process.exit(report.mismatched.length > 0 || report.failed.length > 0 ? 1 : 0);
