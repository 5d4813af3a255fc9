/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { postsModule } from './posts/posts-module';
export { automaticMailsModule } from './automatic/automatic-module';
