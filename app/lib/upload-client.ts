export type Uploaded = {
  url: string;
  width?: number;
  height?: number;
  duration?: number;
  variants?: Record<string, string>;
};

/**
 * Sends one file to /upload with XMLHttpRequest, which (unlike fetch) reports upload progress. Resolves with the
 * stored file, or rejects with the Chinese message the server gave.
 */
export function uploadFile(
  file: File,
  field: "image" | "audio",
  onProgress: (fraction: number) => void,
): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/upload?field=${field}`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      const body = xhr.response as { ok?: boolean; data?: Uploaded; error?: string } | null;
      if (xhr.status === 200 && body?.ok && body.data) resolve(body.data);
      else reject(new Error(body?.error || "上传失败，请重试"));
    };
    xhr.onerror = () => reject(new Error("网络错误，上传失败"));
    const form = new FormData();
    form.set(field, file);
    xhr.send(form);
  });
}
