/**
 * Words of the arts that jieba's dictionary lacks, so it cuts them apart (插/画师, 胶片/机). Added to the segmenter
 * for text and queries alike: 自由插画师 is then one word holding 插画, found as a word rather than as characters that
 * merely sit side by side. The weight is a dictionary frequency high enough to win over the split.
 */
export const artWords = [
  "插画师",
  "插画家",
  "插画风",
  "原画师",
  "原画家",
  "立绘师",
  "胶片机",
  "数位板",
  "数位屏",
  "手绘板",
  "针管笔",
  "勾线笔",
  "素描本",
  "速写本",
  "手作人",
  "厚涂风",
  "板绘师",
  "篆刻刀",
  "拉坯机",
  // Words of the arts the dictionary lacks altogether (issue 53: 人像 was 人|像 in 这周的人像作业).
  "人像",
  "彩铅",
  "厚涂",
  "立绘",
  "同人",
  "手帐",
  "唐卡",
  "岩彩",
  "线稿",
  "分镜",
  "街拍",
  "微距",
  "修图",
  "板绘",
  "像素画",
  "绘本",
  "彩墨",
];

export const ART_WORD_WEIGHT = 3000;
