#define HOMCOMP_IMPLEMENTATION
#include HDR
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
static uint64_t sm(uint64_t *x){uint64_t z=(*x+=0x9e3779b97f4a7c15ull);z=(z^(z>>30))*0xbf58476d1ce4e5b9ull;z=(z^(z>>27))*0x94d049bb133111ebull;return z^(z>>31);}
int main(int argc,char**argv){
  uint64_t n=1048576,seg=65536,ns=n/seg; int reps=100;
  float *x=malloc(n*4),*y=malloc(n*4); uint64_t s0=1,s1=2; double w=0,w1=0,mn=1e30,mx=-1e30;
  for(uint64_t i=0;i<n;i++){w+=(sm(&s0)>>11)*(1.0/9007199254740992.0)-0.5; x[i]=(float)w; w1+=(sm(&s1)>>11)*(1.0/9007199254740992.0)-0.5; y[i]=(float)w1; if(x[i]<mn)mn=x[i]; if(x[i]>mx)mx=x[i];}
  size_t cap=hc_compress_bound(seg,HC_F32); unsigned char *A=malloc(ns*cap),*O=malloc(cap); size_t *al=malloc(ns*8);
  hc_config c=hc_config_init(HC_F32,HC_ABS,1e-4*(mx-mn)); c.checksum=0; hc_options o={1,HC_ISA_AVX512_GFNI};
  for(uint64_t g=0;g<ns;g++) hc_compress(&c,x+g*seg,seg,A+g*cap,cap,&al[g],&o);
  double b0=1e9,b1=1e9,b2=1e9; float *z=malloc(seg*4);
  for(int r=0;r<reps;r++){ double t=now(); size_t l;
    for(uint64_t g=0;g<ns;g++) hc_compress(&c,x+g*seg,seg,O,cap,&l,&o);
    double t1=now(); for(uint64_t g=0;g<ns;g++) hc_add_raw(A+g*cap,al[g],HC_F32,y+g*seg,seg,O,cap,&l,&o);
    double t2=now(); for(uint64_t g=0;g<ns;g++) hc_decompress(A+g*cap,al[g],HC_F32,z,seg,&o);
    double t3=now(); if(t1-t<b0)b0=t1-t; if(t2-t1<b1)b1=t2-t1; if(t3-t2<b2)b2=t3-t2; }
  printf("%s compress %.6f (%.2f GB/s) add_raw %.6f (%.2f GB/s) add/comp time %.3f decompress %.2f GB/s\n",argv[0],b0,n*4/b0/1e9,b1,n*4/b1/1e9,b1/b0,n*4/b2/1e9);
  return 0;}
