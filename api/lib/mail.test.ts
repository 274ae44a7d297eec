import net from "node:net";
import { describe, expect, it } from "vitest";
import { consoleMailer, linkMail, smtpMailer } from "./mail.ts";

describe("linkMail", () => {
  const hostile = `<img src=x onerror=alert(1)>"'&`;
  const mail = linkMail("a@example.com", {
    subject: "【艺社】请验证你的邮箱",
    name: hostile,
    lead: `请确认 ${hostile} 是你的邮箱。`,
    action: "验证邮箱",
    url: `https://yishe.example/user/email/verify?token=abc&x="><script>`,
    note: hostile,
  });

  it("escapes every piece of text that reaches its HTML: names, addresses and the link", () => {
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;");
    expect(mail.html).toContain(
      'href="https://yishe.example/user/email/verify?token=abc&amp;x=&quot;&gt;&lt;script&gt;"',
    );
  });

  it("carries the same words and the bare link in its text part", () => {
    expect(mail.text).toContain(`${hostile}，你好`);
    expect(mail.text).toContain("https://yishe.example/user/email/verify?token=abc");
    expect(mail).toMatchObject({ to: "a@example.com", subject: "【艺社】请验证你的邮箱" });
  });

  it("is printed whole by the console mailer", async () => {
    const printed: string[] = [];
    await consoleMailer((t) => printed.push(t)).send(mail);
    expect(printed[0]).toContain("收件人 a@example.com｜【艺社】请验证你的邮箱");
    expect(printed[0]).toContain("token=abc");
  });
});

describe("smtpMailer", () => {
  // Without its own limits nodemailer would wait 30 s for the greeting, past this test's time.
  it("gives up on a server that takes the connection and never greets", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const { port } = silent.address() as net.AddressInfo;
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, "艺社 <noreply@yishe.test>", { connect: 300, silent: 300 });
    await expect(mailer.send({ to: "a@example.com", subject: "s", text: "t", html: "h" })).rejects.toThrow();
    silent.close();
  });
});
