import { Text, View } from '@tarojs/components';
import type { ComponentType, ReactNode } from 'react';

/** The mini program's side of src/components/markup (see index.tsx): Taro's View and Text themselves. */
export interface MarkupProps {
  className?: string;
  id?: string;
  children?: ReactNode;
  [attribute: string]: unknown;
}

export const Box = View as unknown as ComponentType<MarkupProps>;
export const Line = Text as unknown as ComponentType<MarkupProps>;
