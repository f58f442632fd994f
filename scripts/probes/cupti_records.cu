// Prints every CUPTI record a few explicit copies produce: the facts in docs/measured-cupti.md.
// Build: nvcc cupti_records.cu -lcupti -lcuda; run on a machine with two GPUs.
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti.h>
#define CK(x) do{ auto e=(x); if(e) printf("ERR %s -> %d (%s)\n", #x, (int)e, cudaGetErrorString((cudaError_t)e)); }while(0)
static const char* ck(int k){switch(k){case 1:return "HtoD";case 2:return "DtoH";case 8:return "DtoD";case 9:return "HtoH";case 10:return "PtoP";default:return "other";}}
static void CUPTIAPI req(uint8_t** b,size_t* s,size_t* m){*s=1<<20;*b=(uint8_t*)aligned_alloc(8,*s);*m=0;}
static void CUPTIAPI done(CUcontext,uint32_t,uint8_t* b,size_t,size_t valid){
  CUpti_Activity* r=nullptr;
  while(cuptiActivityGetNextRecord(b,valid,&r)==CUPTI_SUCCESS){
    if(r->kind==CUPTI_ACTIVITY_KIND_MEMCPY){auto*m=(CUpti_ActivityMemcpy6*)r;
      printf("MEMCPY kind=%s srcK=%d dstK=%d dev=%u bytes=%llu corr=%u rtcorr=%u\n",ck(m->copyKind),m->srcKind,m->dstKind,m->deviceId,(unsigned long long)m->bytes,m->correlationId,m->runtimeCorrelationId);}
    else if(r->kind==CUPTI_ACTIVITY_KIND_MEMCPY2){auto*m=(CUpti_ActivityMemcpyPtoP4*)r;
      printf("PTOP kind=%s srcK=%d dstK=%d dev=%u src=%u dst=%u bytes=%llu corr=%u\n",ck(m->copyKind),m->srcKind,m->dstKind,m->deviceId,m->srcDeviceId,m->dstDeviceId,(unsigned long long)m->bytes,m->correlationId);}
    else if(r->kind==CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION){auto*e=(CUpti_ActivityExternalCorrelation*)r;
      printf("EXT ext=%llu corr=%u\n",(unsigned long long)e->externalId,e->correlationId);}
    else if(r->kind==CUPTI_ACTIVITY_KIND_RUNTIME||r->kind==CUPTI_ACTIVITY_KIND_DRIVER){auto*a=(CUpti_ActivityAPI*)r;
      const char* n="?"; cuptiGetCallbackName(r->kind==CUPTI_ACTIVITY_KIND_RUNTIME?CUPTI_CB_DOMAIN_RUNTIME_API:CUPTI_CB_DOMAIN_DRIVER_API,a->cbid,&n);
      if (strstr(n,"emcpy")||strstr(n,"emset")) printf("%s %s corr=%u\n", r->kind==CUPTI_ACTIVITY_KIND_RUNTIME?"RT":"DRV", n, a->correlationId);}
  }
  free(b);
}
static void CUPTIAPI cb(void*,CUpti_CallbackDomain d,CUpti_CallbackId id,const void* p){
  auto* c=(const CUpti_CallbackData*)p; if(c->callbackSite!=CUPTI_API_ENTER)return;
  if(strstr(c->functionName,"emcpy")) printf("CB %s %s corr=%u\n", d==CUPTI_CB_DOMAIN_RUNTIME_API?"rt":"drv", c->functionName, c->correlationId);
}
int main(){
  CUpti_SubscriberHandle h; CK(cuptiSubscribe(&h,(CUpti_CallbackFunc)cb,nullptr));
  CK(cuptiEnableDomain(1,h,CUPTI_CB_DOMAIN_RUNTIME_API)); CK(cuptiEnableDomain(1,h,CUPTI_CB_DOMAIN_DRIVER_API));
  CK(cuptiActivityRegisterCallbacks(req,done));
  for(auto k:{CUPTI_ACTIVITY_KIND_MEMCPY,CUPTI_ACTIVITY_KIND_MEMCPY2,CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION,CUPTI_ACTIVITY_KIND_RUNTIME,CUPTI_ACTIVITY_KIND_DRIVER}) CK(cuptiActivityEnable(k));
  size_t n=4<<20; float *g0,*g0b,*g1; 
  CK(cudaSetDevice(0)); CK(cudaMalloc(&g0,n)); CK(cudaMalloc(&g0b,n)); CK(cudaSetDevice(1)); CK(cudaMalloc(&g1,n));
  std::vector<char> pg(n);
  printf("== 1 staged peer (peer off) 4MiB\n"); cuptiActivityPushExternalCorrelationId(CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0,101);
  CK(cudaMemcpyPeer(g1,1,g0,0,n)); uint64_t x; cuptiActivityPopExternalCorrelationId(CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0,&x);
  CK(cudaDeviceSynchronize()); cuptiActivityFlushAll(1);
  printf("== 2 pageable H2D 4MiB on dev1\n"); CK(cudaMemcpy(g1,pg.data(),n,cudaMemcpyHostToDevice)); cuptiActivityFlushAll(1);
  CK(cudaSetDevice(0)); CK(cudaDeviceEnablePeerAccess(1,0)); CK(cudaSetDevice(1)); CK(cudaDeviceEnablePeerAccess(0,0));
  printf("== 3 Default g1<-g0 peer on\n"); CK(cudaMemcpy(g1,g0,n,cudaMemcpyDefault)); cuptiActivityFlushAll(1);
  printf("== 4 mismatched PeerAsync dst g0b dev0, src g0 declared dev1\n"); cudaStream_t s; CK(cudaStreamCreate(&s));
  CK(cudaMemcpyPeerAsync(g0b,0,g0,1,n,s)); CK(cudaStreamSynchronize(s)); cuptiActivityFlushAll(1);
  printf("== 5 Peer g1<-g0 peer on\n"); CK(cudaMemcpyPeer(g1,1,g0,0,n)); cuptiActivityFlushAll(1);
  printf("== 6 memset + D2D local\n"); CK(cudaSetDevice(0)); CK(cudaMemset(g0,0,n)); CK(cudaMemcpy(g0b,g0,n,cudaMemcpyDeviceToDevice)); CK(cudaDeviceSynchronize()); cuptiActivityFlushAll(1);
  printf("done\n"); return 0;
}
