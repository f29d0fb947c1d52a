/** The status checker (STAT-01..04, ERR-26, ERR-27). Read through common/messages.ts. */
export {};
