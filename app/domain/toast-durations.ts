// A toast shows 3 s for success, 5 s for errors, 4 s otherwise.
export const TOAST_DURATION_MS = { success: 3000, error: 5000, info: 4000 } as const;

export type ToastType = keyof typeof TOAST_DURATION_MS;
