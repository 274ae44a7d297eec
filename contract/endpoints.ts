/** Every endpoint of the API, by domain (contract/shared/endpoint.ts says what a declaration holds). */
export { works } from "./works/endpoints.ts";
export { comments } from "./works/comment-endpoints.ts";
export { people } from "./people/endpoints.ts";
export { signin } from "./signin/endpoints.ts";
export { account } from "./account/endpoints.ts";
export { inbox } from "./inbox/endpoints.ts";
export { scores } from "./scores/endpoints.ts";
export { site, search } from "./site/endpoints.ts";
export { uploads } from "./works/upload-endpoints.ts";
export { admin } from "./admin/endpoints.ts";
export { ai } from "./ai/endpoints.ts";
export { drafts } from "./drafts/endpoints.ts";
export { series } from "./series/endpoints.ts";
export { folders } from "./folders/endpoints.ts";
export { charts } from "./charts/endpoints.ts";
export { feeds } from "./feeds/endpoints.ts";
export { webhooks } from "./webhooks/endpoints.ts";
export { curation, events } from "./curation/endpoints.ts";
