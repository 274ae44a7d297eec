/**
 * `npm run restore -- FOLDER [--force]`: a backup made by `npm run backup` brought into the site of DATABASE_URL /
 * DATA_DIR, which must be empty (no database, no media) unless --force. Stop the site first; start it after.
 */
import { readEnvOrExit, restoreSite } from "../api/index.ts";

const env = readEnvOrExit();
const [folder] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
if (!folder) {
  process.stderr.write("用法：npm run restore -- <备份目录> [--force]\n");
  process.exit(1);
}
try {
  const { files } = await restoreSite(
    folder,
    { databaseUrl: env.databaseUrl, dataDir: env.dataDir, storage: env.storage.kind },
    process.argv.includes("--force"),
  );
  process.stdout.write(
    `已从 ${folder} 恢复：数据库${files ? `，媒体文件 ${files} 个（校验一致）` : ""}。现在可以启动站点。\n`,
  );
} catch (err) {
  process.stderr.write(`恢复失败：${(err as Error).message}\n`);
  process.exit(1);
}
