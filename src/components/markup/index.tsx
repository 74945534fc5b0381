import type { ReactNode } from 'react';

/**
 * Plain markup for what is drawn many times on the first screens (a restaurant card, a dish card): on H5 a <div> and a
 * <span> with the same class names, where Taro's <View>/<Text> are each a React class component around a custom
 * element with its own render cycle (measured on a phone at 4x CPU: about a third of a restaurant page's first render,
 * issue 15 §6). They take what Taro's View and Text take here: className, id, children, aria-* and role, tabIndex and
 * React's onClick/onKeyDown (pressable), so a part can switch without changing its styles or its tests. The mini
 * program builds index.weapp.tsx, which is Taro's View and Text.
 */
export interface MarkupProps {
  className?: string;
  id?: string;
  children?: ReactNode;
  [attribute: string]: unknown;
}

/** A block: <div> on H5 (Taro's View on the mini program). */
export function Box(props: MarkupProps) {
  return <div {...props} />;
}

/** A run of text: <span> on H5 (Taro's Text on the mini program). */
export function Line(props: MarkupProps) {
  return <span {...props} />;
}
