/**
 * Where SMS codes go (SMS_PROVIDER): the console by default (development: the code is printed), Aliyun or Tencent
 * Cloud with their official SDKs. The SDKs are loaded on first send, so a site on the console never loads them.
 */
export type SmsSender = {
  name: "console" | "aliyun" | "tencent";
  /** Sends `code` to a mainland number; throws when the provider refuses or cannot be reached. */
  send(phone: string, code: string, minutes: number): Promise<void>;
};

export class SmsError extends Error {}

/** Prints the code: for development, demos and the browser tests, which read it from the server's output. */
export function consoleSms(write: (line: string) => void = (line) => process.stdout.write(line)): SmsSender {
  return {
    name: "console",
    async send(phone, code, minutes) {
      write(`[短信] ${phone} 验证码 ${code}，${minutes}分钟内有效\n`);
    },
  };
}

export type CloudSmsOptions = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateId: string;
  /** Tencent's SmsSdkAppId. */
  appId?: string;
  region?: string;
  /** Another endpoint than the provider's public one (a private network's, or a local test server), as a URL. */
  endpoint?: string | null;
};

// Both SDKs are CommonJS: under import() their classes sit on `default` once or twice.
const unwrap = <T>(mod: unknown): T => {
  const m = mod as { default?: { default?: T } & T } & T;
  return (m.default?.default ?? m.default ?? m) as T;
};

/** Aliyun 短信服务 SendSms, template parameter `code`. */
export function aliyunSms(options: CloudSmsOptions): SmsSender {
  type Aliyun = {
    client: { sendSms(req: unknown): Promise<{ body?: { code?: string; message?: string } }> };
    SendSmsRequest: new (v: Record<string, string>) => unknown;
  };
  let sdk: Promise<Aliyun> | null = null;
  const connect = async (): Promise<Aliyun> => {
    const mod = await import("@alicloud/dysmsapi20170525");
    const Client = unwrap<new (config: unknown) => Aliyun["client"]>(mod);
    const { SendSmsRequest } = mod as unknown as Pick<Aliyun, "SendSmsRequest">;
    const { $OpenApiUtil } = (await import("@alicloud/openapi-core")) as unknown as {
      $OpenApiUtil: { Config: new (v: Record<string, unknown>) => unknown };
    };
    const endpoint = options.endpoint ? new URL(options.endpoint) : null;
    const client = new Client(
      new $OpenApiUtil.Config({
        accessKeyId: options.accessKeyId,
        accessKeySecret: options.accessKeySecret,
        endpoint: endpoint ? endpoint.host : "dysmsapi.aliyuncs.com",
        protocol: endpoint ? endpoint.protocol.replace(":", "") : "https",
        readTimeout: 5000,
        connectTimeout: 3000,
      }),
    );
    return { client, SendSmsRequest };
  };
  return {
    name: "aliyun",
    async send(phone, code) {
      const { client, SendSmsRequest } = await (sdk ??= connect());
      const res = await client.sendSms(
        new SendSmsRequest({
          phoneNumbers: phone,
          signName: options.signName,
          templateCode: options.templateId,
          templateParam: JSON.stringify({ code }),
        }),
      );
      if (res.body?.code !== "OK") throw new SmsError(`aliyun: ${res.body?.code} ${res.body?.message ?? ""}`);
    },
  };
}

type TencentClient = {
  SendSms(req: Record<string, unknown>): Promise<{ SendStatusSet?: { Code?: string; Message?: string }[] }>;
};

/** Tencent Cloud 短信 SendSms (2021-01-11), template parameters: the code and the minutes it lives. */
export function tencentSms(options: CloudSmsOptions): SmsSender {
  let client: Promise<TencentClient> | null = null;
  const connect = async () => {
    const { sms } = (await import("tencentcloud-sdk-nodejs-sms")) as unknown as {
      sms: { v20210111: { Client: new (config: unknown) => TencentClient } };
    };
    const endpoint = options.endpoint ? new URL(options.endpoint) : null;
    return new sms.v20210111.Client({
      credential: { secretId: options.accessKeyId, secretKey: options.accessKeySecret },
      region: options.region || "ap-guangzhou",
      profile: {
        httpProfile: {
          endpoint: endpoint ? endpoint.host : "sms.tencentcloudapi.com",
          protocol: endpoint ? `${endpoint.protocol}//` : "https://",
          reqTimeout: 5,
        },
      },
    });
  };
  return {
    name: "tencent",
    async send(phone, code, minutes) {
      const api = await (client ??= connect());
      const res = await api.SendSms({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: options.appId,
        SignName: options.signName,
        TemplateId: options.templateId,
        TemplateParamSet: [code, String(minutes)],
      });
      const status = res.SendStatusSet?.[0];
      if (status?.Code !== "Ok") throw new SmsError(`tencent: ${status?.Code} ${status?.Message ?? ""}`);
    },
  };
}
