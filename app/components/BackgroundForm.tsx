import { Form } from "react-router";

/**
 * The upload-background control (requirements §2, §5): a file form posted to /user/background, which comes back to `back`
 * with 背景设置成功 or the reason. With JavaScript it sends itself when a file is chosen; without, 上传 sends it.
 */
export function BackgroundForm({ back, className }: { back: string; className: string }) {
  return (
    <Form method="post" action="/user/background" encType="multipart/form-data" className={className}>
      <input type="hidden" name="ref" value={back} />
      <label className="cursor-pointer">
        更换背景
        <input
          type="file"
          name="backgroundImage"
          accept="image/*"
          className="sr-only"
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
        />
      </label>
      <noscript>
        <button type="submit" className="underline">
          上传
        </button>
      </noscript>
    </Form>
  );
}
