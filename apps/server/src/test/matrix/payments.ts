import type { Case, MatrixContext } from './actors';

export const paymentCases = (_m: MatrixContext): Case[] => [];
