/* issue27_slot_ab: the standalone codec's output in one reused buffer (homcomp_bench_seg's way)
 * against one slot per segment (the ring's way: every segment's stream in its own send slot).
 * One core, 65536-element calls, best of REPS, the two forms interleaved; GB/s of input.
 *   slot_ab N REPS ISA DATA(0 walk, 1 normal) REL */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
static uint64_t sm(uint64_t *x){uint64_t z=(*x+=0x9e3779b97f4a7c15ull);z=(z^(z>>30))*0xbf58476d1ce4e5b9ull;z=(z^(z>>27))*0x94d049bb133111ebull;return z^(z>>31);}
static double u01(uint64_t *s){return (sm(s)>>11)*(1.0/9007199254740992.0);}
int main(int argc,char**argv){
  uint64_t n=argc>1?strtoull(argv[1],0,0):16777216,seg=65536,ns=n/seg; int reps=argc>2?atoi(argv[2]):10, isa=argc>3?atoi(argv[3]):5;
  int data=argc>4?atoi(argv[4]):0; double rel=argc>5?atof(argv[5]):1e-4;
  float *x=malloc(n*4),*y=malloc(n*4); uint64_t s0=1,s1=2; double w=0,w1=0,mn=1e30,mx=-1e30;
  for(uint64_t i=0;i<n;i++){ if(data==0){w+=u01(&s0)-0.5; w1+=u01(&s1)-0.5;} else {w=u01(&s0)+u01(&s0)+u01(&s0)-1.5; w1=u01(&s1)+u01(&s1)+u01(&s1)-1.5;}
    x[i]=(float)w; y[i]=(float)w1; if(x[i]<mn)mn=x[i]; if(x[i]>mx)mx=x[i];}
  double eb=rel*(mx-mn); size_t cap=hc_compress_bound(seg,HC_F32);
  unsigned char *A=malloc(ns*cap),*S=malloc(ns*cap),*O=malloc(cap); size_t *al=malloc(ns*8),l; uint64_t tot=0;
  hc_config c=hc_config_init(HC_F32,HC_ABS,eb); c.checksum=0; hc_options op={1,(hc_isa)isa};
  for(uint64_t g=0;g<ns;g++){ if(hc_compress(&c,x+g*seg,seg,A+g*cap,cap,&al[g],&op)) {puts("fail");return 1;} tot+=al[g]; }
  memset(S,1,ns*cap);
  double B[4]; for(int k=0;k<4;k++) B[k]=1e9;
  for(int r=0;r<reps;r++){ double t0=now(),t1,t2,t3,t4;
    for(uint64_t g=0;g<ns;g++) hc_compress(&c,x+g*seg,seg,O,cap,&l,&op); t1=now();
    for(uint64_t g=0;g<ns;g++) hc_compress(&c,x+g*seg,seg,S+g*cap,cap,&l,&op); t2=now();
    for(uint64_t g=0;g<ns;g++) hc_add_raw(A+g*cap,al[g],HC_F32,y+g*seg,seg,O,cap,&l,&op); t3=now();
    for(uint64_t g=0;g<ns;g++) hc_add_raw(A+g*cap,al[g],HC_F32,y+g*seg,seg,S+g*cap,cap,&l,&op); t4=now();
    double d[4]={t1-t0,t2-t1,t3-t2,t4-t3}; for(int k=0;k<4;k++) if(d[k]<B[k]) B[k]=d[k]; }
  printf("n %llu isa %d data %s rel %g CR %.2f reps %d, GB/s best: compress reused %.3f slots %.3f (%.3f) | add_raw reused %.3f slots %.3f (%.3f)\n",
    (unsigned long long)n,isa,data?"normal":"walk",rel,(double)n*4/tot,reps,n*4/B[0]/1e9,n*4/B[1]/1e9,B[0]/B[1],n*4/B[2]/1e9,n*4/B[3]/1e9,B[2]/B[3]);
  return 0;}
