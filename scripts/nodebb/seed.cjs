// Seeds a NodeBB install for the side-by-side bench (scripts/bench-nodebb.ts), through NodeBB's own code: members,
// 2,500 topics and 10,000 posts over its default categories, and one topic of 17 posts, the peer of our work page
// with 16 comments. Run with the NodeBB directory as the working directory, after `./nodebb setup`. Prints JSON: the
// pages' paths as NodeBB writes them (an address without the slug answers a redirect), and the member who signs in.
"use strict";
const path = require("node:path");

const dir = process.cwd();
require(path.join(dir, "require-main"));
const nconf = require(path.join(dir, "node_modules/nconf"));
nconf.argv().env({ separator: "__" });
process.env.NODE_ENV = "production";
const prestart = require(path.join(dir, "src/prestart"));
prestart.loadConfig(path.join(dir, "config.json"));

const TOPICS = Number(process.env.NODEBB_TOPICS) || 2500;
const POSTS = Number(process.env.NODEBB_POSTS) || 10000;
const MEMBERS = 50;
const lines = [
  "今天在窗边画了一张水彩，光线刚好。",
  "第一次试着用胶片拍夜景，颗粒感比想象中好看。",
  "这周练习了人物速写，手还是有点僵。",
  "分享一个做陶艺时总结的小技巧：拉坯前先把泥揉透。",
  "有没有人推荐入门的数位板？预算一千以内。",
  "把去年的作品整理成了作品集，欢迎大家提意见。",
  "雨天适合在家听歌画画，顺便录了一段吉他。",
  "字体设计真的需要耐心，一个字改了二十遍。",
];
const text = (i, n) => Array.from({ length: n }, (_, k) => lines[(i + k) % lines.length]).join("");

(async () => {
  const db = require(path.join(dir, "src/database"));
  await db.init();
  await require(path.join(dir, "src/meta")).configs.init();
  const user = require(path.join(dir, "src/user"));
  const topics = require(path.join(dir, "src/topics"));
  const cids = (await db.getSortedSetRange("categories:cid", 0, -1)).map(Number);
  const uids = [];
  for (let i = 0; i < MEMBERS; i++) {
    const username = `member${i}`;
    uids.push((await user.getUidByUsername(username)) || (await user.create({ username, password: "bench-pass-123" })));
  }
  const post = (uid, cid, i) =>
    topics.post({
      uid,
      cid,
      title: `${lines[i % lines.length].slice(0, 12)}（${i}）`,
      content: text(i, 3),
      fromQueue: true,
    });
  const long = (await post(uids[0], cids[0], 0)).topicData;
  for (let k = 1; k <= 16; k++)
    await topics.reply({ uid: uids[k % MEMBERS], tid: long.tid, content: text(k, 2), fromQueue: true });
  const made = [long];
  for (let i = 1; i < TOPICS; i++) made.push((await post(uids[i % MEMBERS], cids[i % cids.length], i)).topicData);
  const tids = made.map((t) => t.tid);
  // The remaining posts as replies spread over the topics.
  for (let r = TOPICS + 16; r < POSTS; r++) {
    const tid = tids[1 + ((r * 7919) % (tids.length - 1))];
    await topics.reply({ uid: uids[r % MEMBERS], tid, content: text(r, 2), fromQueue: true });
  }
  const category = await require(path.join(dir, "src/categories")).getCategoryField(cids[0], "slug");
  console.log(
    JSON.stringify({
      longTopic: `/topic/${long.slug}`,
      topics: made.map((t) => `/topic/${t.slug}`),
      category: `/category/${category}`,
      member: "member1",
    }),
  );
  process.exit(0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
