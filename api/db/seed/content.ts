/** Demo content: people, nodes and works that read like a living Chinese creative community. */
export const demoNodes = [
  { name: "插画", description: "手绘、板绘与一切画出来的故事", style: "glow" },
  { name: "摄影", description: "街头、风光、人像与暗房", style: "mountains" },
  { name: "平面设计", description: "海报、字体、版式与品牌", style: "bauhaus" },
  { name: "音乐", description: "原创、翻唱、编曲与声音实验", style: "waves" },
  { name: "随笔", description: "关于创作的长文与碎碎念", style: "waves" },
  { name: "开源项目", description: "创作者写的工具与作品集", style: "mosaic" },
  { name: "手作", description: "陶艺、木工、刺绣与纸艺", style: "mosaic" },
  { name: "书法篆刻", description: "笔墨与金石", style: "bauhaus" },
  { name: "三维动画", description: "建模、渲染与动态图形", style: "glow" },
  { name: "灵感链接", description: "值得收藏的网站与资源", style: "mosaic" },
] as const;

export const demoUsers = [
  { username: "qingmu", nickname: "青木", description: "插画师，喜欢画雨天和猫。", avatar: true },
  { username: "shanchuan", nickname: "山川画室", description: "一间在杭州的小画室，记录每周写生。", avatar: true },
  { username: "alu", nickname: "阿鹿Lu", description: "平面设计师 / 字体爱好者", avatar: true },
  { username: "nanfeng", nickname: "南风知我意", description: "写字的人，偶尔拍照。", avatar: false },
  { username: "maoxiaojiu", nickname: "猫小九", description: "板绘萌新，每天画一点。", avatar: true },
  { username: "linjian", nickname: "林间摄影", description: "胶片与数码都玩，常驻云南。", avatar: true },
  { username: "juzi", nickname: "一只橘子", description: "独立音乐人，做一些安静的歌。", avatar: false },
  { username: "chenmo", nickname: "陈默Design", description: "品牌设计，十年老兵。", avatar: true },
  { username: "baiye", nickname: "白夜行者", description: "三维与动态图形，Blender 党。", avatar: false },
  { username: "songyan", nickname: "松烟墨客", description: "习字二十年，篆刻十年。", avatar: true },
  { username: "yuhou", nickname: "雨后初晴", description: "陶艺工作室主理人。", avatar: false },
  { username: "beidao", nickname: "北岛的鲸", description: "前端工程师，也写生成艺术。", avatar: true },
  { username: "zhifeiji", nickname: "纸飞机", description: "收集好看的网站和工具。", avatar: false },
  { username: "ali", nickname: "阿梨Ali", description: "吉他、合成器和一些白噪音。", avatar: true },
  { username: "xingye", nickname: "星野", description: "夜景与星空摄影。", avatar: false },
  { username: "laozhou", nickname: "老周的暗房", description: "黑白胶片，自己冲洗放大。", avatar: true },
] as const;

export type DemoWork = {
  type: 0 | 1 | 2 | 3 | 4;
  node: (typeof demoNodes)[number]["name"];
  title?: string;
  content: string;
  summary?: string;
  url?: string;
  images?: number;
  tags: string[];
};

const illustration = [
  "雨夜的便利店，终于画完了。灯光调了好几遍，想要那种湿漉漉的感觉。",
  "今日练习：一只在窗台上晒太阳的橘猫。",
  "给朋友的绘本画的第三张插图，故事讲的是一只迷路的鲸鱼。",
  "板绘一年的对比图，坚持下来真的会进步！",
  "春天的山茶花，试了新的水彩笔刷。",
  "《海边的车站》系列完结，一共六张，感谢大家一路的鼓励。",
  "练习厚涂，画了一个赛博朋克风的街角。",
  "故宫的红墙和雪，第一次尝试国风插画。",
  "给自己的新年贺卡：骑着锦鲤的小女孩。",
  "线稿到上色的全过程，欢迎交流。",
  "画了一组二十四节气的小动物，这是立春。",
  "深夜食堂系列：一碗热腾腾的拉面。",
  "森林里的小木屋，想住进去。",
  "同人练习，画了一张喜欢的角色。",
];
const photography = [
  "大理的清晨，洱海边的薄雾。富士 X-T4，直出。",
  "上海梧桐区扫街，秋天的光线太温柔了。",
  "重庆的夜，轻轨穿过楼房的那一瞬间。",
  "胶片卷 Portra 400 回来了，挑了几张喜欢的。",
  "雨崩村徒步四天，神瀑前的经幡。",
  "黑白街拍：菜市场里的老人们。",
  "银河拱桥，在青海茶卡等了一整夜。",
  "老城区的猫，它们才是这里真正的主人。",
  "厦门沙坡尾的傍晚，渔船和晚霞。",
  "用手机拍的一组雨天，反光的地面太好看了。",
  "人像练习：朋友在天台上的一个下午。",
  "额济纳的胡杨林，金色的十月。",
  "地铁里的陌生人，每个人都在赶路。",
  "徽州古村落，马头墙与炊烟。",
];
const craft = [
  "第一次拉坯成功的小碗，虽然有点歪，但很喜欢。",
  "用边角料做了一个胡桃木的小书架。",
  "苏绣练习：一枝梅花，绣了整整两周。",
  "纸雕灯，点亮之后影子特别好看。",
];
const calligraphy = [
  "临《兰亭序》第一百遍，仍然觉得差得远。",
  "新刻的一方闲章：「山中无岁月」。",
  "小楷抄《心经》，静下心来的一个下午。",
  "隶书习作：上善若水。",
];
const motion = [
  "Blender 做的一个小房间，灯光烘焙了一晚上。",
  "循环动画：一颗会呼吸的星球。",
  "低多边形风格的小岛，欢迎提意见。",
];
const design = [
  "给一家独立书店做的视觉识别，主色是旧报纸的黄色。",
  "字体设计练习：「春风十里」四个字的几种可能。",
  "音乐节海报提案，最后甲方选了第二版。",
  "极简风格的节气日历，二十四张一套。",
];

export const demoArticles: { node: DemoWork["node"]; title: string; tags: string[]; body: string }[] = [
  {
    node: "随笔",
    title: "为什么我每天都要画一张画",
    tags: ["日常", "创作习惯"],
    body: "坚持每天画一张画已经第四百天了。\n\n## 从三分钟开始\n\n最开始的时候，我只给自己三分钟：画一个杯子、一片叶子，或者窗外的一棵树。重要的不是画得好，而是**不中断**。\n\n## 慢慢变成习惯\n\n到第一百天的时候，我发现自己会不自觉地观察光线：早上的光偏冷，傍晚的光像蜂蜜。\n\n> 创作不是等灵感来敲门，而是每天把门打开。\n\n如果你也想开始，不妨从今天的一张小速写开始。",
  },
  {
    node: "摄影",
    title: "胶片冲洗入门：在家里搭一个简易暗房",
    tags: ["胶片", "暗房", "教程"],
    body: "很多朋友问我黑白胶片怎么自己冲，这篇整理一下我的流程。\n\n## 需要准备什么\n\n- 显影罐和片轴\n- 显影液（我用 D-76）\n- 停显液与定影液\n- 温度计和量杯\n\n## 步骤\n\n1. 在完全黑暗的环境中把胶片卷上片轴。\n2. 20℃ 显影，按说明书时间，每分钟搅动十秒。\n3. 停显、定影、水洗、晾干。\n\n第一次冲难免有划痕和气泡，别灰心，第三卷就会好很多。",
  },
  {
    node: "平面设计",
    title: "中文字体排版的七个小细节",
    tags: ["排版", "字体"],
    body: "中文排版和英文很不一样，这里记录一些我在项目中反复遇到的问题。\n\n1. **行距**：正文行距建议 1.6 到 1.8 倍。\n2. **标点挤压**：连续标点要注意避头尾。\n3. **中英文之间加空格**：让阅读更舒服。\n4. **字重**：标题和正文的字重对比要足够。\n5. **段落间距**：宁可用段距，不要首行缩进和段距同时使用。\n6. **字号层级**：三到四级就够了。\n7. **留白**：留白也是设计的一部分。",
  },
  {
    node: "随笔",
    title: "离开大厂，做一名自由插画师的第一年",
    tags: ["自由职业", "插画"],
    body: "去年这个时候，我递交了辞职信。\n\n这一年收入比上班时少了三分之一，但我画了两百多张画，接了十一个商稿，还出版了第一本绘本。\n\n## 最难的是什么\n\n不是没有客户，而是**自律**。没有人告诉你几点开始工作。\n\n## 给想要辞职的朋友\n\n先攒够一年的生活费，先有三个稳定的客户，再考虑出来。",
  },
  {
    node: "三维动画",
    title: "Blender 灯光笔记：三点布光在场景中的用法",
    tags: ["Blender", "灯光", "教程"],
    body: "三点布光是最基础的布光方法：主光、补光和轮廓光。\n\n- **主光**决定了画面的情绪和阴影方向；\n- **补光**用来控制阴影的深浅；\n- **轮廓光**把主体从背景中分离出来。\n\n在室内场景里，可以把窗户当作主光，用一盏暖色的台灯做补光。",
  },
  {
    node: "手作",
    title: "陶艺工作室开张一周年记",
    tags: ["陶艺", "工作室"],
    body: "一年前，我们在老城区租下了一间六十平米的小屋。\n\n这一年里，有两百多位朋友来这里捏过泥巴，烧坏了三窑，也烧出了很多让人惊喜的作品。\n\n谢谢每一位来过的朋友。新的一年，我们会开设柴烧体验课。",
  },
  {
    node: "书法篆刻",
    title: "篆刻入门：从选石到上手的一些建议",
    tags: ["篆刻", "入门"],
    body: "初学篆刻，建议先用青田石，石性温和，容易奏刀。\n\n## 工具\n\n一把七毫米的平口刀足够用很久。\n\n## 印稿\n\n先在纸上写好反字，再用水转印到石面上。多看秦汉印，少看流行的印风。",
  },
  {
    node: "音乐",
    title: "在卧室里录一张专辑：我的极简设备清单",
    tags: ["录音", "编曲"],
    body: "很多人以为做音乐需要很贵的设备，其实不然。\n\n- 一块两进两出的声卡\n- 一支大振膜电容麦\n- 一副监听耳机\n- 一台电脑和免费的宿主软件\n\n房间声学比设备更重要：挂几床被子，效果立竿见影。",
  },
];

export const demoProjects = [
  {
    title: "墨韵：开源的中文书法字帖生成器",
    summary: "输入文字，生成米字格、田字格字帖，支持多种书体。",
    url: "https://example.com/moyun",
    tags: ["开源", "书法", "工具"],
  },
  {
    title: "调色盘：从照片中提取配色",
    summary: "上传一张照片，得到五个主色和它们的色值。",
    url: "https://example.com/palette",
    tags: ["开源", "配色", "设计工具"],
  },
  {
    title: "节气：二十四节气生成艺术",
    summary: "用代码为每一个节气生成一幅抽象画。",
    url: "https://example.com/jieqi",
    tags: ["生成艺术", "开源"],
  },
  {
    title: "像素画板",
    summary: "在浏览器里画像素画，导出 GIF 动图。",
    url: "https://example.com/pixel",
    tags: ["像素画", "工具"],
  },
  {
    title: "胶片模拟 LUT 合集",
    summary: "十二款模拟经典胶片色彩的 LUT，免费商用。",
    url: "https://example.com/lut",
    tags: ["摄影", "调色"],
  },
  {
    title: "简谱编辑器",
    summary: "所见即所得的简谱排版工具，可以导出 PDF。",
    url: "https://example.com/jianpu",
    tags: ["音乐", "工具", "开源"],
  },
  {
    title: "作品集模板：极简画廊",
    summary: "适合插画师和摄影师的静态作品集网站模板。",
    url: "https://example.com/gallery",
    tags: ["作品集", "开源"],
  },
  {
    title: "印章生成器",
    summary: "输入姓名，生成朱文或白文印章图片。",
    url: "https://example.com/seal",
    tags: ["篆刻", "工具"],
  },
];

export const demoLinks = [
  {
    title: "中国传统色：三百多种颜色的名字与色值",
    summary: "从「月白」到「胭脂」，每一种颜色都有出处。",
    url: "https://example.com/colors",
    tags: ["配色", "传统文化"],
  },
  {
    title: "故宫博物院数字文物库",
    summary: "五万多件高清文物影像，适合临摹和学习。",
    url: "https://example.com/dpm",
    tags: ["博物馆", "素材"],
  },
  {
    title: "免费可商用的中文字体合集",
    summary: "整理了四十多款可以免费商用的中文字体。",
    url: "https://example.com/fonts",
    tags: ["字体", "资源"],
  },
  {
    title: "一个收集老海报的网站",
    summary: "上世纪三十年代到九十年代的中国海报。",
    url: "https://example.com/posters",
    tags: ["海报", "设计史"],
  },
  {
    title: "在线钢琴：在浏览器里弹一首曲子",
    summary: "支持键盘演奏和录音，适合随手记录旋律。",
    url: "https://example.com/piano",
    tags: ["音乐", "工具"],
  },
  {
    title: "摄影师必看的构图案例库",
    summary: "按构图方法分类的经典作品。",
    url: "https://example.com/composition",
    tags: ["摄影", "构图"],
  },
  {
    title: "手作人的材料地图",
    summary: "全国各地买陶土、木料和布料的好地方。",
    url: "https://example.com/materials",
    tags: ["手作", "资源"],
  },
  {
    title: "Blender 中文社区教程合集",
    summary: "从入门到进阶，整理得很清楚。",
    url: "https://example.com/blender",
    tags: ["Blender", "教程"],
  },
];

export const demoMusic = [
  { title: "雨停之后", content: "写于一个下午的雷阵雨之后，钢琴和一点点合成器。", tags: ["原创", "钢琴"] },
  { title: "旧城夏夜", content: "夏天的晚上在老城区散步时哼出来的旋律。", tags: ["原创", "民谣"] },
  { title: "晨光", content: "五声音阶的小练习，适合早上听。", tags: ["纯音乐", "五声音阶"] },
  { title: "海边的车站", content: "给同名插画系列做的配乐。", tags: ["配乐", "原创"] },
  { title: "山中无岁月", content: "古琴音色的采样，加上一点环境声。", tags: ["国风", "纯音乐"] },
  { title: "猫的午睡", content: "很短的一段，像猫打了个哈欠。", tags: ["轻音乐"] },
  { title: "星野", content: "在茶卡拍星空那晚写的，送给一起熬夜的朋友。", tags: ["原创", "氛围"] },
  { title: "纸飞机", content: "小时候的夏天，风很大，纸飞机飞得很远。", tags: ["童年", "原创"] },
];

/** Short posts by node, each its own line of text; the seed adds pictures to most of them. */
export const demoPosts: { node: DemoWork["node"]; lines: string[]; tags: string[] }[] = [
  { node: "插画", lines: illustration, tags: ["插画", "板绘", "水彩", "国风", "练习"] },
  { node: "摄影", lines: photography, tags: ["摄影", "胶片", "街拍", "风光", "夜景"] },
  { node: "手作", lines: craft, tags: ["手作", "陶艺", "木工", "刺绣"] },
  { node: "书法篆刻", lines: calligraphy, tags: ["书法", "篆刻", "临帖"] },
  { node: "三维动画", lines: motion, tags: ["Blender", "三维", "动画"] },
  { node: "平面设计", lines: design, tags: ["设计", "字体", "海报", "品牌"] },
];

/** Extra short posts without pictures, the chatter of a community. */
export const demoChatter = [
  "有没有推荐的数位板？预算一千左右，想从 iPad 换过来。",
  "今天在美术馆看了莫奈的展，人太多了，但还是很值得。",
  "求助：水彩纸总是起皱，有什么办法吗？",
  "周末有没有杭州的朋友一起去西湖写生？",
  "分享一个小技巧：画画卡住的时候，把画布水平翻转看看。",
  "终于把拖了半年的作品集整理完了，松了一口气。",
  "大家平时都用什么软件管理参考图？",
  "第一次在市集摆摊卖自己的明信片，卖出去了二十张，开心！",
];
