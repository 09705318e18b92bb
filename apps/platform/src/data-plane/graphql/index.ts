export { handleGraphqlRequest, type GraphqlCaller, type GraphqlProject } from './service.ts';
