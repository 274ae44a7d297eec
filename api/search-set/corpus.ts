/**
 * The relevance set's works: written for it, not the demo's. Each word below that Chinese search gets wrong has
 * eleven works that mean it (in the title, in the text, as a tag) and works where its characters only sit side by
 * side across two other words (国画 in 英国画家), newer and better liked than any of the eleven, with the characters
 * in the title, where they count most. The rest hold single characters, phrases, tags, a node, two words and words
 * the segmenter cuts inside longer ones.
 */
export type SetWork = {
  key: string;
  title: string;
  text: string;
  tags?: string[];
  node?: string;
  likes?: number;
  daysAgo?: number;
};

/** Word → where its characters occur across a word boundary: a near-miss, never a match for the word. */
export const nearMisses: Record<string, string[]> = {
  国画: ["英国画家的一天", "他在英国画家乡的小河边长大"],
  油画: ["一起加油画画吧", "石油画面的质感"],
  版画: ["出版画册的流程", "第二版画面改好了"],
  水彩: ["湖水彩度很高", "湖水彩度调低一点更自然"],
  素描: ["用朴素描述打动人"],
  摄影: ["拍摄影子的游戏"],
  动画: ["运动画面的节奏"],
  漫画: ["浪漫画卷里的江南"],
  山水: ["登山水壶推荐"],
  设计: ["假设计划有变"],
  色彩: ["特色彩灯一条街"],
  陶艺: ["从小受熏陶艺术天分高"],
  书法: ["读书法则十条"],
  雕塑: ["石雕塑料两种材料"],
};

/**
 * Words few works say (two each), beside works where their characters only sit side by side across other words,
 * newer and better liked (issue 53: on such keywords near-misses filled the first ten, some above real matches).
 * 上海 in 爱上海边 and 人像 in 让人像是 are words to jieba, but a reader sees 爱上|海边 and 让人|像是.
 */
export const sparse: Record<string, { real: string[]; near: string[] }> = {
  长城: { real: ["长城脚下的一天", "去长城拍日出"], near: ["延长城市的夜生活"] },
  人像: { real: ["这周的人像作业", "人像的布光"], near: ["她的笑容让人像个孩子", "让人像是回到童年"] },
  上海: { real: ["上海的弄堂", "在上海看展"], near: ["我爱上海边的日落"] },
  天鹅: { real: ["湖上的天鹅", "天鹅绒的质感"], near: ["今天鹅毛般的云"] },
  字画: { real: ["老字画修复", "收藏的字画"], near: ["数字画板推荐"] },
  // Inside a longer word after a lone character: 青金石 is a kind of 石, not of 金石.
  金石: { real: ["金石学的拓片", "看了一场金石展"], near: ["一块青金石的颜料", "青金石手串"] },
};

function sparseWorks(): SetWork[] {
  return Object.entries(sparse).flatMap(([word, { real, near }]) => [
    ...real.map((title, i) => ({ key: `${word}-${i}`, title, text: "记录一下。", daysAgo: 60 + i })),
    ...near.map((title, i) => ({ key: `${word}-near-${i}`, title, text: `${title}。`, likes: 300, daysAgo: 0 })),
  ]);
}

/** Where the word stands in each of its eleven works: five titles, four texts, two tags. */
const inTitle = (w: string) => [
  `${w}练习第3天`,
  `我的${w}作品`,
  `关于${w}的一点心得`,
  `${w}入门笔记`,
  `这周的${w}作业`,
];
const inText = (w: string) => [
  `今天又花了一下午在${w}上，收获不少。`,
  `最近迷上了${w}，每天都要练一会儿。`,
  `和老师聊了很久${w}，受益匪浅。`,
  `整理了一年来的${w}，挑了几张满意的。`,
];
const fillerTitles = ["今日小记", "周末随笔", "近况", "一点记录"];
const fillerTexts = ["记录一下。", "随手拍的过程。", "欢迎交流。"];

function wordWorks(word: string, group: number): SetWork[] {
  const out: SetWork[] = [];
  const age = (i: number) => 20 + ((group * 37 + i * 53) % 400);
  inTitle(word).forEach((title, i) =>
    out.push({ key: `${word}-${i}`, title, text: fillerTexts[i % 3], likes: i % 4, daysAgo: age(i) }),
  );
  inText(word).forEach((text, i) =>
    out.push({ key: `${word}-${5 + i}`, title: fillerTitles[i], text, likes: i % 3, daysAgo: age(5 + i) }),
  );
  for (const i of [9, 10])
    out.push({ key: `${word}-${i}`, title: "新作", text: fillerTexts[i % 3], tags: [word], daysAgo: age(i) });
  nearMisses[word].forEach((title, i) =>
    out.push({ key: `${word}-near-${i}`, title, text: `${title}。`, likes: 300, daysAgo: 0 }),
  );
  return out;
}

/** Works for the other kinds of query, each key named for what it holds. */
const others: SetWork[] = [
  // Single characters, inside words and alone.
  { key: "猫-橘猫", title: "橘猫在窗台上晒太阳", text: "阳光很好。" },
  { key: "猫-老城区", title: "老城区的猫", text: "巷子口的那只。" },
  { key: "猫-流浪", title: "楼下的小家伙们", text: "楼下的流浪猫生了一窝小猫。" },
  { key: "猫-午睡", title: "猫的午睡", text: "睡得很香。" },
  { key: "鹤-丹顶鹤", title: "湿地里的丹顶鹤", text: "清晨的湿地。" },
  { key: "鹤-仙鹤", title: "工笔小品", text: "画了一只仙鹤。" },
  { key: "茶-一杯", title: "一杯茶的时间", text: "慢慢来。" },
  { key: "茶-茶杯", title: "拉坯第十天", text: "新烧的茶杯终于不漏了。", node: "器物" },
  { key: "雪-故宫", title: "故宫的雪", text: "红墙白顶。" },
  { key: "雪-胡同", title: "雪后的胡同", text: "安安静静的。" },
  // Words and phrases.
  { key: "雨夜-便利店", title: "雨夜的便利店", text: "灯光是暖黄色的。" },
  { key: "雨夜-散步", title: "那天", text: "那个雨夜我们走了很久。" },
  { key: "便利店-夜班", title: "便利店的夜班", text: "凌晨三点的街。" },
  { key: "胡同-老人", title: "胡同里的老人", text: "下棋的大爷。" },
  { key: "银杏-书签", title: "银杏叶书签", text: "压了一个月。" },
  { key: "银杏-秋天", title: "秋天到了", text: "学校的银杏黄了。" },
  { key: "古琴-流水", title: "古琴曲《流水》", text: "录了一段。" },
  { key: "古琴-学", title: "新的爱好", text: "开始学古琴了。" },
  { key: "篆刻-青田石", title: "篆刻入门：青田石", text: "第一方印。" },
  { key: "篆刻-刀", title: "工具", text: "篆刻刀磨好了。" },
  { key: "blender-建模", title: "Blender 建模入门", text: "从一个立方体开始。" },
  { key: "blender-渲染", title: "一张小图", text: "用 blender 渲染了一个小房间。" },
  // Tags and a node, named nowhere in the text.
  { key: "写生-湖边", title: "湖边的下午", text: "坐了三个小时。", tags: ["写生"] },
  { key: "写生-古镇", title: "古镇一日", text: "人不多。", tags: ["写生"] },
  { key: "写生-公园", title: "公园里", text: "带了小板凳。", tags: ["写生"] },
  { key: "夜景-外滩", title: "外滩", text: "人很多。", tags: ["夜景"] },
  { key: "夜景-江边", title: "江边", text: "风很大。", tags: ["夜景"] },
  { key: "手帐-四月", title: "四月的拼贴", text: "贴纸用完了。", tags: ["手帐"] },
  { key: "手帐-旅行", title: "旅行拼贴", text: "车票和门票。", tags: ["手帐"] },
  { key: "器物-碗", title: "小碗", text: "釉色偏青。", node: "器物" },
  { key: "器物-盘", title: "一只盘子", text: "有点歪。", node: "器物" },
  // Two words, together and apart.
  { key: "胶片暗房-冲洗", title: "第一次进暗房冲胶片", text: "手忙脚乱。" },
  { key: "胶片暗房-放大", title: "暗房放大", text: "这卷胶片的颗粒很细。" },
  { key: "胶片-相机", title: "胶片相机推荐", text: "二手的就好。" },
  { key: "暗房-红灯", title: "暗房的红灯", text: "看久了眼睛酸。" },
  { key: "油画风景-湖", title: "一幅油画风景", text: "秋天的湖。" },
  { key: "油画风景-山", title: "远山", text: "用油画画了一张风景。" },
  { key: "版画木刻-刀法", title: "木刻版画的刀法", text: "阳刻和阴刻。" },
  { key: "摄影夜景-城市", title: "城市夜景摄影", text: "三脚架必备。" },
  // Words the segmenter cuts inside longer ones.
  { key: "插画师-第一年", title: "自由插画师的第一年", text: "收入不稳定。" },
  { key: "插画师-约稿", title: "约稿须知", text: "我是一名插画师，接商稿。" },
  { key: "插画家-访谈", title: "访谈", text: "一位插画家的日常。" },
  { key: "插画-国风", title: "国风插画", text: "仕女图。" },
  { key: "原画师", title: "原画师的工作台", text: "两块屏幕。" },
  { key: "清华大学", title: "清华大学美术学院毕业展", text: "去看了。" },
  { key: "大学-速写本", title: "大学时代的速写本", text: "翻出来的。" },
];

export function corpus(): SetWork[] {
  return [...Object.keys(nearMisses).flatMap((w, i) => wordWorks(w, i)), ...others, ...sparseWorks()];
}
