/**
 * `npm run storage:copy`: copies $DATA_DIR/uploads into the S3-compatible store named by the S3_* settings
 * (STORAGE=s3 and the rest, as the site will run with). Run it, switch the site to STORAGE=s3, and run it once
 * more for what was uploaded in between; files already there are skipped.
 */
import { copyMediaToStore, readEnvOrExit } from "../api/index.ts";

const env = readEnvOrExit();
if (env.storage.kind !== "s3") {
  process.stderr.write(
    "请先设置 STORAGE=s3 和 S3_BUCKET、S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY（以及 S3_ENDPOINT）\n",
  );
  process.exit(1);
}
const started = performance.now();
try {
  const done = await copyMediaToStore({ ...env, storage: env.storage }, (n) => {
    if (n % 500 === 0) process.stdout.write(`已处理 ${n} 个文件…\n`);
  });
  const mb = (done.bytes / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `已复制 ${done.copied} 个文件（${mb} MB），跳过已有的 ${done.skipped} 个，用时 ${Math.round(performance.now() - started)} ms\n`,
  );
} catch (err) {
  process.stderr.write(`复制失败：${(err as Error).message}\n`);
  process.exit(1);
}
