import sharp, { type Metadata } from "sharp";
import { megabytes, mediaLimits } from "../../contract/shared/limits.ts";
import { AiLabel, type AiLabelValue } from "../../contract/works/rights.ts";
import { byteSlots } from "./byte-slots.ts";

export const IMAGE_MAX_BYTES = mediaLimits.imageBytes;
export const AUDIO_MAX_BYTES = mediaLimits.audioBytes;
/** Largest picture accepted, in pixels; a decompression bomb stops here before decoding. */
export const MAX_PIXELS = mediaLimits.imagePixels;
export const THUMB_WIDTHS = [320, 640, 1280] as const;
const MAX_WIDTH = 2560;

export type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "avif";
const accepted = new Set(["jpeg", "png", "webp", "gif", "heif"]);

export type ProcessedImage = {
  main: { data: Buffer; width: number; height: number };
  thumbs: { width: number; data: Buffer }[];
  /** What the picture's own metadata says of AI (aiFloorOf), before re-encoding drops the metadata. */
  aiFloor: AiLabelValue;
};

/**
 * What a picture's metadata says of AI: IPTC's digital source type (in XMP or IPTC) `trainedAlgorithmicMedia` or
 * `algorithmicMedia` (made by a model) or `compositeWithTrainedAlgorithmicMedia` (a model's part in it), an `AIGC`
 * field (China's implicit label for generated content), or a generator's settings in a PNG text chunk.
 */
export function aiFloorOf(meta: Pick<Metadata, "xmp" | "iptc" | "exif" | "comments">): AiLabelValue {
  const text = [meta.xmp, meta.iptc, meta.exif]
    .map((b) => (b ? b.toString("latin1") : ""))
    .concat((meta.comments ?? []).map((c) => `${c.keyword}=${c.text}`))
    .join("\n");
  if (/(?<![A-Za-z])(trainedAlgorithmicMedia|algorithmicMedia)\b/.test(text)) return AiLabel.generated;
  if (/\bAIGC\b/.test(text)) return AiLabel.generated;
  if (/(^|\n)(parameters|prompt|workflow)=/.test(text)) return AiLabel.generated;
  if (/compositeWithTrainedAlgorithmicMedia/.test(text)) return AiLabel.assisted;
  return AiLabel.none;
}

export class MediaError extends Error {}

/**
 * Pictures are drawn in turns, at most this many bytes of decoded pixels at once in a process (a larger picture
 * alone), first come first served. What libvips allocates while drawing stays in glibc's arenas after: a dozen
 * phone photos drawn at once left a process at almost twice the memory of the same drawn two at a time.
 */
export const DRAWING_BYTES = 40 * 1024 * 1024;
export const drawing = byteSlots(DRAWING_BYTES);
/** A picture's decoded size, all its frames: what its turn counts. */
export const pixelBytes = (meta: Metadata) =>
  (meta.width ?? 0) * (meta.height ?? 0) * (meta.pages ?? 1) * (meta.channels ?? 4);

export const imageTooLarge = `图片不能超过${megabytes(IMAGE_MAX_BYTES)}`;
export const audioTooLarge = `音频不能超过${megabytes(AUDIO_MAX_BYTES)}`;
const unknownPicture = "无法识别的图片文件，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片";
const svgPicture = "不支持 SVG 图片，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片";
const unknownAudio = "只支持 MP3、M4A、OGG、FLAC、WAV 音频";

/**
 * Refuses, from its first bytes, what cannot be a picture we take: each accepted format opens with its signature
 * (JPEG's FF D8 FF, PNG's, GIF87a/89a, RIFF…WEBP, and an ISO box "ftyp" for AVIF and HEIF), so the rest of a
 * file that has none need not be read. What passes is still decoded in full by processImage.
 */
export function checkImageHead(head: Buffer): void {
  if (!head.length) throw new MediaError("文件是空的");
  if (looksLikeSvg(head)) throw new MediaError(svgPicture);
  const ascii = (start: number, end: number) => head.subarray(start, end).toString("latin1");
  const signed =
    (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) ||
    ascii(0, 8) === "\x89PNG\r\n\x1a\n" ||
    /^GIF8[79]a$/.test(ascii(0, 6)) ||
    (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") ||
    ascii(4, 8) === "ftyp";
  if (!signed) throw new MediaError(unknownPicture);
}

/** Refuses, from its first bytes, what is none of the audio containers we take; answers the one it is. */
export function checkAudioHead(head: Buffer): AudioFormat {
  if (!head.length) throw new MediaError("文件是空的");
  const format = sniffAudio(head);
  if (!format) throw new MediaError(unknownAudio);
  return format;
}

/**
 * Reads what the bytes really are (never the name or the claimed type), refuses anything but a raster picture,
 * then re-encodes: upright, at most 2560 wide, WebP, location and camera metadata dropped, colour profile kept,
 * plus WebP thumbnails 320/640/1280 wide for srcset.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new MediaError(imageTooLarge);
  checkImageHead(bytes);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaError(unknownPicture);
  }
  if (meta.format === "svg") throw new MediaError(svgPicture);
  if (!meta.format || !accepted.has(meta.format)) throw new MediaError(unknownPicture);
  const pages = meta.pages ?? 1;
  if (!meta.width || !meta.height || meta.width * meta.height * pages > MAX_PIXELS)
    throw new MediaError("图片像素过多，请缩小后再上传");

  const mainWidth = Math.min(meta.autoOrient?.width ?? meta.width, MAX_WIDTH);
  return drawing.run(pixelBytes(meta), () => draw(bytes, meta, mainWidth));
}

async function draw(bytes: Buffer, meta: Metadata, mainWidth: number): Promise<ProcessedImage> {
  const animated = (meta.pages ?? 1) > 1;
  const source = () =>
    sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "truncated", animated }).autoOrient().keepIccProfile();
  try {
    const { data, info } = await source()
      .resize({ width: mainWidth, withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    const height = animated ? (info.pageHeight ?? info.height) : info.height;
    const thumbs: ProcessedImage["thumbs"] = [];
    for (const width of THUMB_WIDTHS) {
      if (width >= info.width) break;
      thumbs.push({ width, data: await source().resize({ width }).webp({ quality: 80 }).toBuffer() });
    }
    return { main: { data, width: info.width, height }, thumbs, aiFloor: aiFloorOf(meta) };
  } catch (err) {
    if (err instanceof MediaError) throw err;
    throw new MediaError("图片文件已损坏或不完整");
  }
}

/** SVG is text that can carry script: recognised by its opening, with or without an XML prolog. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return (
    head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg")) || head.startsWith("<!doctype svg")
  );
}

export type AudioFormat = { ext: "mp3" | "m4a" | "ogg" | "flac" | "wav"; mime: string };

/** The audio container, from its first bytes. */
export function sniffAudio(b: Buffer): AudioFormat | null {
  const ascii = (start: number, end: number) => b.subarray(start, end).toString("latin1");
  if (b.length < 12) return null;
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WAVE") return { ext: "wav", mime: "audio/wav" };
  if (ascii(0, 4) === "fLaC") return { ext: "flac", mime: "audio/flac" };
  if (ascii(0, 4) === "OggS") return { ext: "ogg", mime: "audio/ogg" };
  if (ascii(4, 8) === "ftyp" && /^(M4A |M4B |mp42|mp41|isom|iso2|dash)$/.test(ascii(8, 12)))
    return { ext: "m4a", mime: "audio/mp4" };
  if (ascii(0, 3) === "ID3" || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0)) return { ext: "mp3", mime: "audio/mpeg" };
  return null;
}

/**
 * The lowest average bit rate each container can really have, in bits per second: MP3's smallest frame rate, a
 * low-rate AAC or Opus stream, and FLAC compressing pure silence. A header that claims a longer duration than its
 * bytes can hold is lying (and would show a false length on the page).
 */
const minBitsPerSecond: Record<AudioFormat["ext"], number> = { mp3: 8000, m4a: 6000, ogg: 5000, flac: 1000, wav: 0 };

type AudioFacts = {
  duration?: number;
  sampleRate?: number;
  numberOfChannels?: number;
  bitsPerSample?: number;
  codec?: string;
};

/**
 * A WAV's RIFF size and data chunk size must fit in the file: players (the browser's included) take the length
 * from them, so a header claiming ten hours shows ten hours on the page even when the parser clamps it.
 */
export function wavSizesFit(b: Buffer): boolean {
  if (b.length < 12 || b.readUInt32LE(4) > b.length - 8) return false;
  for (let at = 12; at + 8 <= b.length;) {
    const id = b.toString("latin1", at, at + 4);
    const size = b.readUInt32LE(at + 4);
    if (size > b.length - at - 8) return false;
    if (id === "data") return true;
    at += 8 + size + (size % 2);
  }
  return false;
}

/** True when the duration the header claims fits the bytes that are really there. */
export function durationFits(format: AudioFormat, facts: AudioFacts, bytes: number): boolean {
  const duration = facts.duration ?? 0;
  if (
    format.ext === "wav" &&
    facts.sampleRate &&
    facts.numberOfChannels &&
    facts.bitsPerSample &&
    !/adpcm|gsm|law/i.test(facts.codec ?? "")
  ) {
    // Uncompressed PCM: the samples the header counts must be in the file (a little slack for rounding).
    const needed = duration * facts.sampleRate * facts.numberOfChannels * (facts.bitsPerSample / 8);
    return needed <= bytes * 1.01 + 4096;
  }
  const floor = minBitsPerSecond[format.ext] || 1000;
  return (bytes * 8) / duration >= floor;
}

/** Checks an audio file and reads its duration in seconds. */
export async function processAudio(bytes: Buffer): Promise<{ format: AudioFormat; duration: number }> {
  if (bytes.length > AUDIO_MAX_BYTES) throw new MediaError(audioTooLarge);
  const format = checkAudioHead(bytes);
  const { parseBuffer } = await import("music-metadata");
  let facts: AudioFacts = {};
  try {
    const meta = await parseBuffer(
      bytes,
      { mimeType: format.mime, size: bytes.length },
      { duration: true, skipCovers: true },
    );
    facts = meta.format;
  } catch {
    facts = {};
  }
  const duration = facts.duration ?? 0;
  if (!(duration > 0) || !Number.isFinite(duration)) throw new MediaError("无法读取音频时长，文件可能已损坏");
  if (!durationFits(format, facts, bytes.length) || (format.ext === "wav" && !wavSizesFit(bytes)))
    throw new MediaError("音频文件头声明的时长与文件大小不符，文件可能已损坏或被篡改");
  if (duration > mediaLimits.audioSeconds)
    throw new MediaError(`音频时长不能超过${mediaLimits.audioSeconds / 3600}小时`);
  return { format, duration: Math.round(duration) };
}

/** A part of a picture, as fractions of its upright width and height: the top-left corner and the side. */
export type SquareCrop = { x: number; y: number; size: number };

/**
 * An avatar: the picture checked and made upright as any upload, then cut to a square (the one asked for, or the
 * largest centred one) and drawn at 400 and 100 pixels.
 */
export async function squareAvatar(bytes: Buffer, crop?: SquareCrop): Promise<{ large: Buffer; small: Buffer }> {
  const { main } = await processImage(bytes);
  const side = Math.min(main.width, main.height);
  const size = Math.max(1, Math.min(side, Math.round((crop?.size ?? 1) * side)));
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v)));
  const left = crop ? clamp(crop.x * main.width, main.width - size) : Math.floor((main.width - size) / 2);
  const top = crop ? clamp(crop.y * main.height, main.height - size) : Math.floor((main.height - size) / 2);
  const square = () =>
    sharp(main.data, { limitInputPixels: MAX_PIXELS }).extract({ left, top, width: size, height: size });
  try {
    const [large, small] = await Promise.all(
      [400, 100].map((px) => square().resize(px, px, { withoutEnlargement: false }).webp({ quality: 85 }).toBuffer()),
    );
    return { large, small };
  } catch {
    throw new MediaError("图片文件已损坏或不完整");
  }
}
