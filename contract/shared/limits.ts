/**
 * Every limit on what people type or send, written once: the API's schemas, the forms' attributes and the README's
 * tables all read these (a test compares the README with them). Lengths count characters, sizes count bytes.
 */
import type { WorkTypeValue as Kind } from "./kinds.ts";

export const workLimits = {
  title: 100,
  summary: 500,
  url: 500,
  tags: 5,
  tag: 20,
  /** What the tags field may hold as typed, before it is split. */
  tagsField: 120,
  images: 18,
  alt: 100,
} as const;

/** The body of a work by kind: an article's Markdown, a post's text, a project's description, a song's notes. */
export const contentLimit: Record<Kind, number> = { 0: 50_000, 1: 2_000, 2: 50_000, 3: 0, 4: 2_000 };
export const contentLabel: Record<Kind, string> = { 0: "正文", 1: "动态内容", 2: "项目介绍", 3: "内容", 4: "作品介绍" };
export const CONTENT_MAX = Math.max(...Object.values(contentLimit));

/** A comment's length; comments one person may post in a minute and an hour; people they may @ an hour (beyond: not told). */
export const commentLimits = { content: 1000, perMinute: 6, perHour: 60, mentionsPerHour: 30 } as const;

/** Private messages: a message's length, and how many one person may send a minute (a burst, not a conversation). */
export const messageLimits = { content: 500, perMinute: 20 } as const;

export const userLimits = {
  nickname: 20,
  description: 200,
  username: 20,
  login: 100,
  email: 100,
  passwordMin: 6,
  password: 64,
} as const;

/** The site settings an admin edits. */
export const siteLimits = {
  title: 30,
  description: 200,
  keywords: 200,
  navs: 12,
  navTitle: 10,
  navUrl: 200,
  recordNumber: 50,
  footer: 200,
  tokenDaysMax: 365,
  uploadsPerHourMax: 1000,
  uploadMbPerDayMax: 10_000,
  trustedDomains: 500,
} as const;

/** 我的口味: how many nodes or tags each list may name. */
export const tasteLimits = { entries: 30 } as const;

/** A sitemap file lists at most this many addresses (the protocol allows 50,000). */
export const sitemapLimits = { urls: 50_000 } as const;

export const searchLimits = { keyword: 30, history: 10 } as const;

export const mediaLimits = {
  imageBytes: 20 * 1024 * 1024,
  audioBytes: 50 * 1024 * 1024,
  /** About 8000 × 6000: a decompression bomb stops here, before decoding. */
  imagePixels: 50_000_000,
  /** Longer than any album side or DJ set people share here; a header claiming more is refused. */
  audioSeconds: 3 * 60 * 60,
} as const;

/** The audio files a song may be (what api/lib/media.ts recognises), for the file picker. */
export const audioAccept = "audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg,audio/flac,audio/wav,.mp3,.m4a,.ogg,.flac,.wav";

/**
 * Request bodies the web server accepts, by route, before anything reads them. The publish form without
 * JavaScript carries its files in one post; with JavaScript each file goes on its own to /upload.
 */
export const requestLimits = {
  form: 64 * 1024,
  upload: mediaLimits.audioBytes + 1024 * 1024,
  /** A background or an avatar sent with its form (without JavaScript). */
  picture: mediaLimits.imageBytes + 1024 * 1024,
  publish: 100 * 1024 * 1024,
  /** The API: forms and JSON. Uploads get their file's limit plus room for the multipart envelope. */
  apiForm: 1024 * 1024,
  apiImage: mediaLimits.imageBytes + 512 * 1024,
  apiAudio: mediaLimits.audioBytes + 512 * 1024,
} as const;

/** "20MB", "64KB": sizes as the messages and the README write them. */
export const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)}MB` : `${Math.round(bytes / 1024)}KB`;

/**
 * Drafts of works (issue 36): how many one member keeps, how often the form saves one while typing, and how long the
 * pictures' list may be as the form sends it (JSON of up to workLimits.images addresses and their alt texts).
 */
/** 定时发布: a work goes out at a China-time minute at least this far ahead and at most this far. */
export const scheduleLimits = { minAheadMs: 60_000, maxAheadMs: 30 * 24 * 3_600_000 } as const;

export const draftLimits = { perMember: 50, autosaveMs: 4000, images: 12_000 } as const;

/** Series (合集): how many a member keeps, works in one, and the lengths of its title and description. */
export const seriesLimits = { perMember: 30, works: 100, title: 40, description: 500 } as const;

/** Favorite folders (收藏夹): how many a member keeps, and a name's length. */
export const folderLimits = { perMember: 50, name: 20 } as const;

/** Curation (issue 59): an 编辑精选 reason, the home page's shelf, how many tags a member follows. */
export const curationLimits = { reason: 100, shelf: 4, tagsFollowed: 100 } as const;

/** 活动: a title and rules, the works one member may enter, the entries a page shows, the places announced. */
export const eventLimits = { title: 40, rules: 3000, entriesPerMember: 3, entries: 200, places: 3 } as const;

/** 约稿: a request's fields, the references and delivered pictures it holds, and how many a client has waiting. */
export const commissionLimits = {
  title: 40,
  brief: 2000,
  budget: 30,
  refs: 6,
  message: 1000,
  files: 9,
  waitingPerClient: 5,
  /** Requests a client may start in a China day, cancelled ones too: asking and cancelling cannot flood a creator. */
  perDay: 10,
  perPage: 20,
} as const;

/** 打赏: the amounts offered, the most one tip gives, and the most a member gives in a China day. */
export const tipLimits = { amounts: [5, 10, 20, 50], max: 50, perDay: 100 } as const;
