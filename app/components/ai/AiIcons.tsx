/**
 * The two AI icons the design names, 深度思考 (deep-think) and 深度搜索 (deep-search): drawn inline, coloured by the
 * text around them, hidden from screen readers (the words beside them say it).
 */
const frame = {
  width: 16,
  height: 16,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  "aria-hidden": true,
};

export function DeepThinkIcon({ className }: { className?: string }) {
  return (
    <svg {...frame} className={className} data-icon="deep-think">
      <path d="M9 18h6M10 21h4" />
      <path d="M12 3a6 6 0 0 0-3.6 10.8c.6.5 1 1.2 1 2V16h5.2v-.2c0-.8.4-1.5 1-2A6 6 0 0 0 12 3Z" />
      <path d="M12 7v3l2 1" />
    </svg>
  );
}

export function DeepSearchIcon({ className }: { className?: string }) {
  return (
    <svg {...frame} className={className} data-icon="deep-search">
      <circle cx="10.5" cy="10.5" r="6" />
      <path d="m15 15 5.5 5.5" />
      <path d="M10.5 7.5v6M7.5 10.5h6" />
    </svg>
  );
}
