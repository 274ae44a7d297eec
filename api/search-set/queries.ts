import { nearMisses, sparse } from "./corpus.ts";

/** What a query tests; the script prints each kind's figures apart. */
export type QueryKind =
  "near-miss" | "word" | "phrase" | "tag" | "two words" | "variant" | "character" | "inside" | "sparse" | "compound";

/** A query and the works it must find (relevant) or must not rank among real matches (near-miss). */
export type SetQuery = { kind: QueryKind; keyword: string; relevant: string[]; nearMiss?: string[] };

const group = (word: string) => Array.from({ length: 11 }, (_, i) => `${word}-${i}`);
const near = (word: string) => nearMisses[word].map((_, i) => `${word}-near-${i}`);

/** Each near-miss word: its eleven works, and extra works that say it too. */
const extra: Record<string, string[]> = {
  油画: ["油画风景-湖", "油画风景-山"],
  版画: ["版画木刻-刀法"],
  摄影: ["摄影夜景-城市"],
};
const wordQuery = (word: string, keyword = word, kind: QueryKind = "near-miss"): SetQuery => ({
  kind,
  keyword,
  relevant: [...group(word), ...(extra[word] ?? [])],
  nearMiss: near(word),
});

export const queries: SetQuery[] = [
  ...Object.keys(nearMisses).map((w) => wordQuery(w)),
  // The same words written another way: traditional characters.
  wordQuery("国画", "國畫", "variant"),
  wordQuery("油画", "油畫", "variant"),
  wordQuery("摄影", "攝影", "variant"),
  wordQuery("设计", "設計", "variant"),
  { kind: "variant", keyword: "ＢＬＥＮＤＥＲ", relevant: ["blender-建模", "blender-渲染"] },
  { kind: "word", keyword: "blender", relevant: ["blender-建模", "blender-渲染"] },
  { kind: "word", keyword: "雨夜", relevant: ["雨夜-便利店", "雨夜-散步"] },
  { kind: "word", keyword: "便利店", relevant: ["雨夜-便利店", "便利店-夜班"] },
  { kind: "word", keyword: "胡同", relevant: ["胡同-老人", "雪-胡同"] },
  { kind: "word", keyword: "银杏", relevant: ["银杏-书签", "银杏-秋天"] },
  { kind: "word", keyword: "古琴", relevant: ["古琴-流水", "古琴-学"] },
  { kind: "word", keyword: "篆刻", relevant: ["篆刻-青田石", "篆刻-刀"] },
  { kind: "phrase", keyword: "雨夜的便利店", relevant: ["雨夜-便利店"] },
  { kind: "phrase", keyword: "老城区的猫", relevant: ["猫-老城区"] },
  { kind: "phrase", keyword: "胡同里的老人", relevant: ["胡同-老人"] },
  { kind: "phrase", keyword: "湿地里的丹顶鹤", relevant: ["鹤-丹顶鹤"] },
  { kind: "tag", keyword: "写生", relevant: ["写生-湖边", "写生-古镇", "写生-公园"] },
  { kind: "tag", keyword: "夜景", relevant: ["夜景-外滩", "夜景-江边", "摄影夜景-城市"] },
  { kind: "tag", keyword: "手帐", relevant: ["手帐-四月", "手帐-旅行"] },
  { kind: "tag", keyword: "器物", relevant: ["器物-碗", "器物-盘", "茶-茶杯"] },
  { kind: "two words", keyword: "胶片 暗房", relevant: ["胶片暗房-冲洗", "胶片暗房-放大"] },
  { kind: "two words", keyword: "油画 风景", relevant: ["油画风景-湖", "油画风景-山"] },
  { kind: "two words", keyword: "版画 木刻", relevant: ["版画木刻-刀法"] },
  { kind: "two words", keyword: "摄影 夜景", relevant: ["摄影夜景-城市"] },
  { kind: "character", keyword: "猫", relevant: ["猫-橘猫", "猫-老城区", "猫-流浪", "猫-午睡"] },
  { kind: "character", keyword: "鹤", relevant: ["鹤-丹顶鹤", "鹤-仙鹤"] },
  { kind: "character", keyword: "茶", relevant: ["茶-一杯", "茶-茶杯"] },
  { kind: "character", keyword: "雪", relevant: ["雪-故宫", "雪-胡同"] },
  {
    kind: "inside",
    keyword: "插画",
    relevant: ["插画师-第一年", "插画师-约稿", "插画家-访谈", "插画-国风"],
  },
  { kind: "inside", keyword: "画师", relevant: ["插画师-第一年", "插画师-约稿", "原画师"] },
  { kind: "inside", keyword: "华大", relevant: ["清华大学"] },
  { kind: "inside", keyword: "大学", relevant: ["清华大学", "大学-速写本"] },
  // Few real works: the near-misses come after them, labelled.
  ...Object.entries(sparse).map(([word, { real, near }]): SetQuery => ({
    kind: "sparse",
    keyword: word,
    relevant: real.map((_, i) => `${word}-${i}`),
    nearMiss: near.map((_, i) => `${word}-near-${i}`),
  })),
  // A compound nobody wrote finds the works of the part it begins with (水彩画: 水彩), labelled less relevant.
  { ...wordQuery("水彩", "水彩画"), kind: "compound" },
  { ...wordQuery("摄影", "摄影师"), kind: "compound" },
  { ...wordQuery("设计", "设计师"), kind: "compound" },
  { ...wordQuery("雕塑", "雕塑家"), kind: "compound" },
];
