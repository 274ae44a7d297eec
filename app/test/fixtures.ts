import type { NotificationView } from "../../contract/types.ts";

/** A like on a work, unread, as the API answers it; tests change what they need. */
export const sampleNotification: NotificationView = {
  notificationId: 9,
  kind: "like",
  commentId: 0,
  actor: { id: 7, nickname: "阿波", username: "bob", avatar: "", smallAvatar: "" },
  work: { artId: 3, title: "晨雾" },
  comment: "",
  detail: "",
  read: false,
  createdAt: 0,
};
