import type { Case, MatrixContext } from './actors';

export const penaltyCases = (_m: MatrixContext): Case[] => [];
