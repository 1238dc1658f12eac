/**
 * The error currently shown by `ErrorModalHost`. Any screen calls
 * `showError(error, { isCreate })` from a catch block; the modal is mounted once by the app.
 */
import { create } from 'zustand';
import {
  describeError,
  type DescribeErrorOptions,
  type ErrorDescription,
} from '#ui/error-description.ts';

interface ErrorState {
  current: ErrorDescription | null;
}

export const useErrorStore = create<ErrorState>(() => ({ current: null }));

export function showError(error: unknown, options?: DescribeErrorOptions): void {
  useErrorStore.setState({ current: describeError(error, options) });
}

export function dismissError(): void {
  useErrorStore.setState({ current: null });
}
