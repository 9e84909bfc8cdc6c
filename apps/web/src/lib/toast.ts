import { Toast } from 'antd-mobile';

/** Spec section 9: toasts last 1.5 s; global.css puts their layer at z-index 10090. */
export const toastDurationMs = 1500;

Toast.config({ duration: toastDurationMs, position: 'center' });

export function showToast(text: string): void {
  Toast.show({ content: text, duration: toastDurationMs });
}

export function showLoadingToast(text: string): void {
  Toast.show({ icon: 'loading', content: text, duration: 0 });
}

export function clearToast(): void {
  Toast.clear();
}
