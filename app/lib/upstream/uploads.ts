import { uploads } from "../../../contract/works/upload-endpoints.ts";
import type { ApiClient } from "../api.server.ts";

/** Sends one file to the API (`image` or `audio`) and answers what was stored. */
export function uploadFile(api: ApiClient, field: "image" | "audio", file: File) {
  const body = new FormData();
  body.set(field, file);
  return api.call(uploads[field], { body });
}

/** Hands the uploader's post (a multipart with one `field`) to the API as it came, so this process never parses it. */
export function passOnUpload(api: ApiClient, field: "image" | "audio", request: Request) {
  return api.call(uploads[field], { body: { passOn: request } });
}
