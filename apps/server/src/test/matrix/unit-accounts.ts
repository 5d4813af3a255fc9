import type { Case, MatrixContext } from './actors';

export const unitAccountCases = (_m: MatrixContext): Case[] => [];
