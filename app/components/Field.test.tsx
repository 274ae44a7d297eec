// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { userLimits } from "../../contract/shared/limits.ts";
import { Field } from "./Field.tsx";

afterEach(cleanup);

describe("Field", () => {
  it("labels its box, passes the limit on, and shows the hint while there is no error", () => {
    render(
      <Field label="昵称" name="nickname" maxLength={userLimits.nickname} hint="最多20个字" defaultValue="青木" />,
    );
    const box = screen.getByLabelText("昵称") as HTMLInputElement;
    expect(box.name).toBe("nickname");
    expect(box.maxLength).toBe(userLimits.nickname);
    expect(box.value).toBe("青木");
    expect(box.getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByText("最多20个字")).toBeTruthy();
  });

  it("shows the API's error in place of the hint, announced and tied to the box", () => {
    render(<Field label="邮箱" name="email" type="email" error="邮箱格式不正确" hint="用于找回密码" />);
    const box = screen.getByLabelText("邮箱");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("邮箱格式不正确");
    expect(box.getAttribute("aria-describedby")).toBe(alert.id);
    expect(screen.queryByText("用于找回密码")).toBeNull();
  });

  it("is a textarea when multiline", () => {
    render(<Field label="页脚文字" name="footerText" multiline rows={2} />);
    expect(screen.getByLabelText("页脚文字").tagName).toBe("TEXTAREA");
    expect(screen.getByLabelText("页脚文字").getAttribute("multiline")).toBeNull();
  });

  it("takes its limits, error and typed value from the form's state by name, never refilling a password", () => {
    const formState = {
      rules: { nickname: { maxLength: 20, required: true }, password: { maxLength: 64, required: true } },
      errors: { nickname: "昵称已被使用" },
      values: { nickname: "青木", password: "secret" },
    };
    render(
      <>
        <Field formState={formState} label="昵称" name="nickname" />
        <Field formState={formState} label="密码" name="password" type="password" />
      </>,
    );
    const nickname = screen.getByLabelText("昵称") as HTMLInputElement;
    expect([nickname.maxLength, nickname.required, nickname.value]).toEqual([20, true, "青木"]);
    expect(screen.getByRole("alert").textContent).toBe("昵称已被使用");
    const password = screen.getByLabelText("密码") as HTMLInputElement;
    expect([password.maxLength, password.value]).toEqual([64, ""]);
  });
});
