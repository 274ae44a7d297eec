import { post } from "../shared/endpoint.ts";
import type { UploadView } from "./views.ts";

/** Multipart with one file (`image`, `audio`); the bytes are sniffed, the name and claimed type ignored. */
export const uploads = {
  image: post<UploadView>()("/upload", { summary: "上传图片", upload: "image" }),
  audio: post<UploadView>()("/upload/audio", { summary: "上传音频", upload: "audio" }),
};
