import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../../test/harness.ts";
import { seedIfEmpty } from "../../seed/index.ts";
import { searchArt } from "./search.ts";

/**
 * The relevance set: what people type, over the demo corpus (a fixed seed), and the works each must bring into its
 * first ten results. A work is named by a piece of its title or text. Recall is the share of those found.
 */
const cases: [keyword: string, expected: string[]][] = [
  // Of the twenty works filed as 插画, those that also say it in the title or text come first.
  ["插画", ["自由插画师", "国风插画"]],
  ["雨夜", ["雨夜的便利店"]],
  ["便利店", ["雨夜的便利店"]],
  ["橘猫", ["晒太阳的橘猫"]],
  ["猫", ["晒太阳的橘猫", "老城区的猫", "猫的午睡"]],
  ["鲸鱼", ["迷路的鲸鱼"]],
  ["板绘", ["板绘一年的对比图"]],
  ["水彩", ["春天的山茶花", "水彩纸总是起皱"]],
  ["山茶花", ["山茶花"]],
  ["海边的车站", ["《海边的车站》系列完结", "给同名插画系列做的配乐"]],
  ["赛博朋克", ["赛博朋克风的街角"]],
  ["故宫", ["故宫的红墙和雪", "故宫博物院数字文物库"]],
  ["国风", ["国风插画", "古琴音色的采样"]],
  ["锦鲤", ["骑着锦鲤的小女孩"]],
  ["二十四节气", ["二十四节气的小动物", "二十四节气生成艺术"]],
  ["拉面", ["一碗热腾腾的拉面"]],
  ["小木屋", ["森林里的小木屋"]],
  ["同人", ["同人练习"]],
  ["洱海", ["洱海边的薄雾"]],
  ["大理", ["大理的清晨"]],
  ["富士", ["富士 X-T4"]],
  ["X-T4", ["富士 X-T4"]],
  ["扫街", ["梧桐区扫街"]],
  ["重庆 轻轨", ["重庆的夜"]],
  ["Portra 400", ["胶片卷 Portra"]],
  ["胶片", ["胶片卷 Portra", "胶片冲洗入门", "胶片模拟 LUT 合集"]],
  ["暗房", ["胶片冲洗入门"]],
  ["徒步", ["雨崩村徒步四天"]],
  ["黑白街拍", ["菜市场里的老人们"]],
  ["菜市场", ["菜市场里的老人们"]],
  ["银河", ["银河拱桥"]],
  ["茶卡", ["银河拱桥", "在茶卡拍星空那晚写的"]],
  ["星空", ["在茶卡拍星空那晚写的"]],
  ["厦门", ["厦门沙坡尾"]],
  ["晚霞", ["渔船和晚霞"]],
  ["手机拍", ["用手机拍的一组雨天"]],
  ["胡杨林", ["额济纳的胡杨林"]],
  ["地铁", ["地铁里的陌生人"]],
  ["马头墙", ["徽州古村落"]],
  ["拉坯", ["第一次拉坯成功的小碗"]],
  ["胡桃木", ["胡桃木的小书架"]],
  ["苏绣 梅花", ["苏绣练习"]],
  ["纸雕灯", ["纸雕灯"]],
  ["兰亭序", ["临《兰亭序》"]],
  ["心经", ["小楷抄《心经》"]],
  ["隶书", ["隶书习作"]],
  ["上善若水", ["隶书习作"]],
  ["篆刻", ["篆刻入门", "印章生成器"]],
  ["闲章", ["新刻的一方闲章"]],
  ["Blender", ["Blender 做的一个小房间", "Blender 灯光笔记", "Blender 中文社区教程合集"]],
  ["Blender 灯光", ["Blender 灯光笔记", "Blender 做的一个小房间"]],
  ["三点布光", ["Blender 灯光笔记"]],
  ["循环动画", ["一颗会呼吸的星球"]],
  ["低多边形", ["低多边形风格的小岛"]],
  ["视觉识别", ["独立书店做的视觉识别"]],
  ["字体设计", ["字体设计练习"]],
  ["字体", ["中文字体排版的七个小细节", "免费可商用的中文字体合集"]],
  ["排版", ["中文字体排版的七个小细节", "简谱编辑器"]],
  ["海报", ["音乐节海报提案", "一个收集老海报的网站"]],
  ["节气日历", ["极简风格的节气日历"]],
  ["数位板", ["推荐的数位板"]],
  ["iPad", ["推荐的数位板"]],
  ["莫奈", ["莫奈的展"]],
  ["西湖 写生", ["去西湖写生"]],
  ["作品集", ["作品集整理完了", "作品集模板：极简画廊"]],
  ["明信片", ["卖自己的明信片"]],
  ["每天 画一张画", ["为什么我每天都要画一张画"]],
  ["自由插画师", ["自由插画师的第一年"]],
  ["辞职", ["自由插画师的第一年"]],
  ["陶艺", ["陶艺工作室开张一周年记"]],
  ["青田石", ["篆刻入门"]],
  ["录音", ["在卧室里录一张专辑", "在线钢琴"]],
  ["声卡", ["在卧室里录一张专辑"]],
  ["书法字帖", ["墨韵"]],
  ["配色", ["调色盘：从照片中提取配色", "中国传统色"]],
  ["生成艺术", ["二十四节气生成艺术"]],
  ["像素画", ["像素画板"]],
  ["GIF", ["像素画板"]],
  ["LUT", ["胶片模拟 LUT 合集"]],
  ["简谱", ["简谱编辑器"]],
  ["印章", ["印章生成器"]],
  ["传统色", ["中国传统色"]],
  ["胭脂", ["中国传统色"]],
  ["文物", ["故宫博物院数字文物库"]],
  ["钢琴", ["在线钢琴", "写于一个下午的雷阵雨之后"]],
  ["构图", ["摄影师必看的构图案例库"]],
  ["陶土", ["手作人的材料地图"]],
  ["古琴", ["古琴音色的采样"]],
  ["五声音阶", ["五声音阶的小练习"]],
  ["雷阵雨", ["写于一个下午的雷阵雨之后"]],
  // Written another way: traditional characters, full-width letters, no space between scripts.
  ["國風", ["国风插画"]],
  ["膠片", ["胶片冲洗入门"]],
  ["書法", ["墨韵"]],
  ["攝影師", ["摄影师必看的构图案例库"]],
  ["ＢＬＥＮＤＥＲ", ["Blender 灯光笔记"]],
  ["blender教程", ["Blender 中文社区教程合集"]],
  // A node's name finds the works filed under it, a tag the works that carry it.
  ["书法篆刻", ["临《兰亭序》", "隶书习作"]],
  ["灵感链接", ["一个收集老海报的网站"]],
  ["设计史", ["一个收集老海报的网站"]],
  ["创作习惯", ["为什么我每天都要画一张画"]],
];

let t: TestApi;
beforeAll(async () => {
  t = await startApi();
  await seedIfEmpty(t.deps, {
    demo: true,
    ownerUsername: null,
    ownerPassword: null,
    announce: () => {},
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("search relevance over the demo corpus", () => {
  it(`brings the expected works into the first ten for ${cases.length} queries`, async () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    const missed: string[] = [];
    let wanted = 0;
    for (const [keyword, expected] of cases) {
      const { results } = await searchArt(t.deps, { keyword, timeRange: 0, page: 1 });
      const top = results.slice(0, 10).map((r) => `${r.title} ${r.summary} ${r.snippet.map((s) => s.text).join("")}`);
      for (const piece of expected) {
        wanted++;
        if (!top.some((text) => text.includes(piece))) missed.push(`${keyword} → ${piece}`);
      }
    }
    const recall = 1 - missed.length / wanted;
    // Every miss is named, so a change that loses one says which.
    expect(missed).toEqual([]);
    expect(recall).toBe(1);
  });

  it("finds every work of a node by the node's name (the old search found 4 of the 插画 node's 15)", async () => {
    const node = await t.db
      .selectFrom("nodes")
      .select(["id", "work_count"])
      .where("name", "=", "插画")
      .executeTakeFirstOrThrow();
    const { total } = await searchArt(t.deps, { keyword: "插画", timeRange: 0, page: 1 });
    expect(node.work_count).toBeGreaterThanOrEqual(14);
    expect(total).toBeGreaterThanOrEqual(node.work_count);
    const inNode = await searchArt(t.deps, { keyword: "插画", nodeId: node.id, timeRange: 0, page: 1 });
    expect(inNode.total).toBe(node.work_count);
  });
});
