import { message } from 'antd';

type MessageInstance = ReturnType<typeof message.useMessage>[0];

let bound: MessageInstance | null = null;

/** Lets the alerts use a message API mounted inside the ConfigProvider, so they follow its theme and locale. */
export function bindNotifier(instance: MessageInstance | null): void {
  bound = instance;
}

/**
 * The one way the application alerts the user. The text is the key, so the same alert raised by
 * several calls at once shows only once.
 */
export function alertMessage(text: string): void {
  (bound ?? message).warning({ content: text, key: text });
}

/** A short confirmation that something the user asked for was done. */
export function notifySuccess(text: string): void {
  (bound ?? message).success({ content: text, key: text });
}
