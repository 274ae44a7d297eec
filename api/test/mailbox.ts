import { SMTPServer } from "smtp-server";
import PostalMime from "postal-mime";

/**
 * A real SMTP server on a local port (smtp-server) that keeps what it receives, parsed by postal-mime: the API
 * tests send through nodemailer to it, and the browser tests read their links from it.
 */
export type Received = { to: string; subject: string; text: string; html: string; from: string };

export async function startMailbox(
  port = 0,
  /** Refuses the first `times` recipients with `code` (451: greylisting, try later; 550: never). */
  refuse?: { code: number; times: number },
) {
  const received: Received[] = [];
  const waiting: (() => void)[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(_address, _session, callback) {
      if (refuse && refused < refuse.times) {
        refused++;
        return callback(Object.assign(new Error("请稍后再试"), { responseCode: refuse.code }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const mail = await PostalMime.parse(Buffer.concat(chunks));
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          from: mail.from?.address ?? "",
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          html: mail.html ?? "",
        });
        waiting.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    /** How many times a recipient was refused so far. */
    refusals: () => refused,
    /** The newest message to `to` (whose subject has `subject`), waiting up to `ms` for it. */
    async latest(to: string, subject = "", ms = 5000): Promise<Received> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.filter((m) => m.to === to && m.subject.includes(subject)).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
