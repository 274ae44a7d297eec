import type { UploadView } from "../../../contract/types.ts";
import type { ApiClient } from "../api.server.ts";

/** Sends one file to the API (`image` to /upload, `audio` to /upload/audio) and answers what was stored. */
export function uploadFile(api: ApiClient, field: "image" | "audio", file: File) {
  const body = new FormData();
  body.set(field, file);
  return api.post<UploadView>(field === "image" ? "/upload" : "/upload/audio", body);
}
