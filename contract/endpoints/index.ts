/** Every endpoint of the API, by domain (contract/endpoint.ts says what a declaration holds). */
export { works } from "./works.ts";
export { comments } from "./comments.ts";
export { people } from "./people.ts";
export { signin } from "./signin.ts";
export { account } from "./account.ts";
export { inbox } from "./inbox.ts";
export { scores } from "./scores.ts";
export { site, search } from "./site.ts";
export { uploads } from "./uploads.ts";
export { admin } from "./admin.ts";
export { ai } from "./ai.ts";
export { drafts } from "./drafts.ts";
export { series } from "./series.ts";
export { folders } from "./folders.ts";
export { charts } from "./charts.ts";
